import { vi } from 'vitest';

/**
 * The fake API of the admin's page tests: fetch answers `METHOD /path` (no query string) from a
 * table of handlers, anything else is a 404 problem, and every call is recorded. Areas add their
 * own fixtures beside it (catalogueFixtures.ts) rather than their own server.
 */

export interface MockRequest {
  /** `METHOD /path`, the handler's key. */
  key: string;
  /** The URL as the page asked for it, query string included. */
  url: string;
  query: URLSearchParams;
  body: unknown;
  init: RequestInit;
}
export interface MockResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export type MockHandler = (req: MockRequest) => MockResponse;

export const json = (status: number, body?: unknown, headers?: Record<string, string>): MockResponse => ({ status, body, headers });
export const ok = (body?: unknown, headers?: Record<string, string>): MockResponse => json(200, body, headers);
export const problem = (status: number, message: string, extra: Record<string, unknown> = {}): MockResponse => ({
  status,
  body: { type: 'about:blank', title: 'x', status, message, ...extra },
  headers: { 'x-vellum-error': message },
});

/** A page of `items` as the paged list calls answer it: the only page, of size 10. */
export const onePage = (items: unknown[]): MockResponse =>
  ok({ items, pageable: { pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: items.length } });

/** Replaces fetch for the rest of the test: `routes` answer 'METHOD /path'; returns the calls made, in order. */
export function mockServer(routes: Record<string, MockHandler>): MockRequest[] {
  const calls: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const req: MockRequest = { key, url: input, query: url.searchParams, body, init };
      calls.push(req);
      const handler = routes[key];
      const res = handler ? handler(req) : problem(404, 'error.http.404');
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json', ...res.headers },
      });
    }),
  );
  return calls;
}

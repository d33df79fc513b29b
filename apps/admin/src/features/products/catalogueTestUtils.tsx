import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { AttributeDefinition, ProductType } from '@vellum/contract';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AuthState } from '../../app/auth';
import { installBrowserMocks } from '../../components/test-utils';

/** Test helpers of the catalogue pages (products, groups, remarks, lot ranges): a fake server and a page renderer. */

// whole pages (Mantine, router, queries) render slowly while the full suite runs in parallel
configure({ asyncUtilTimeout: 4000 });

export interface MockRequest {
  key: string;
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

export const ok = (body?: unknown, headers?: Record<string, string>): MockResponse => ({ status: 200, body, headers });
export const problem = (status: number, message: string, extra: Record<string, unknown> = {}): MockResponse => ({
  status,
  body: { type: 'about:blank', title: 'x', status, message, ...extra },
  headers: { 'x-vellum-error': message },
});

/** Replaces fetch: `routes` answer 'METHOD /path' (without query); every call is recorded. */
export function mockServer(routes: Record<string, MockHandler>): MockRequest[] {
  const calls: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path, qs] = url.split('?');
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const req = { key, query: new URLSearchParams(qs ?? ''), body, init };
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

/** A signed-in user with `rights` in business unit `unit`. */
export function signedInWith(rights: string[], unit = 1): Partial<AuthState> {
  return {
    status: 'authenticated',
    hasRight: (right, u = 0) => u === unit && rights.includes(right),
    hasRightAnywhere: (right) => rights.includes(right),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `element` at `url`, matched by the route `path`, with a fresh query client. */
export function renderRoute(element: ReactElement, { url, path }: { url: string; path: string }) {
  installBrowserMocks();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export function definition(over: Partial<AttributeDefinition> & { id: number; name: string }): AttributeDefinition {
  return {
    productTypeId: 7,
    slug: over.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    type: 'STRING',
    isUnique: false,
    isMandatory: false,
    isMandatoryHcpSearch: false,
    isMandatoryPatientSearch: false,
    pinned: false,
    isActive: true,
    searchTypeHCP: 'NOT_VISIBLE',
    searchTypePatient: 'NOT_VISIBLE',
    meta: null,
    visualizationOrder: over.id,
    ...over,
  };
}

/** Product type 7 of business unit 1 with the given attribute definitions. */
export function productType(definitions: AttributeDefinition[], over: Partial<ProductType> = {}): ProductType {
  return {
    id: 7,
    businessUnitId: 1,
    slug: 'implants',
    name: 'Implants',
    status: 'ENABLED',
    active: true,
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
    keyCodeSearchTypePatient: 'NOT_VISIBLE',
    keyCodeLabelHCP: null,
    keyCodeLabelPatient: null,
    searchVisualisationHCP: 'ADVANCED',
    searchVisualisationPatient: 'ADVANCED',
    crossFieldByAttributeSetting: false,
    lotNumbers: false,
    imageUrl: null,
    heroImageHcpUrl: null,
    heroImagePatientUrl: null,
    copiedFromId: null,
    attributeDefinitions: definitions,
    products: 0,
    productGroups: 0,
    version: 0,
    ...over,
  };
}

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../../platform/auth';

/** The sign-in screens' test helpers: a fake server answering by method and path, an account, the screens under the providers. */
type Handler = (body: unknown) => { status: number; body?: unknown };
export const json = (status: number, body?: unknown) => ({ status, body });
export const problem = (status: number, message: string) => json(status, { type: 'about:blank', title: 'x', status, message });

/** Answers `fetch` by `METHOD /path` (anything else 404), recording every call with its URL and JSON body. */
export function mockServer(routes: Record<string, Handler>) {
  const calls: { key: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, url, body });
      const handler = routes[key];
      const res = handler ? handler(body) : problem(404, 'error.http.404');
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The signed-in user's account, as `GET api/account` answers it, for a sign-in mechanism. */
export const accountFor = (authenticationMechanism: string) => ({
  id: 9,
  login: 'x@e.test',
  firstName: 'X',
  lastName: 'Y',
  fullName: 'X Y',
  email: 'x@e.test',
  langKey: 'en',
  activated: true,
  technicalAccount: false,
  authenticationMechanism,
  authorities: [],
  passwordExpiresAt: null,
});

/** The routes, opened at `entry`, under the app's providers; `/my-business-units` is the home page a sign-in lands on. */
export function renderRoutes(entry: string, routes: Record<string, ReactElement>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
              <Route path="/my-business-units" element={<div>home page</div>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

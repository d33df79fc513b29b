import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { installBrowserMocks } from '../components/test-utils';

// whole pages (Mantine, router, queries) render slowly while the full suite runs in parallel
configure({ asyncUtilTimeout: 4000 });

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders a page `element` at `url`, matched by the route `path`, with Mantine, a fresh query
 * client and a memory data router (as the app's, so blockers work); any other path renders
 * `elsewhere`, and `location` shows where the page navigated to. The router is returned too, to
 * navigate as a link elsewhere in the app would.
 */
export function renderRoute(element: ReactElement, { url, path, state }: { url: string; path: string; state?: unknown }) {
  installBrowserMocks();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { path, element },
          { path: '*', element: <div data-testid="elsewhere" /> },
        ],
      },
    ],
    { initialEntries: [state === undefined ? url : { pathname: url, state }] },
  );
  const rendered = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(rendered, { router });
}

/**
 * Undoes a page test (pass it to afterEach): unmounts the page, puts the window back on '/' (the
 * table state reads the window's address) and gives fetch back.
 */
export function cleanupRoute() {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
}

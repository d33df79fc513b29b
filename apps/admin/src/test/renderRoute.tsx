import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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
 * client and a memory router; any other path renders `elsewhere`, and `location` shows where the
 * page navigated to.
 */
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

/**
 * Undoes a page test (pass it to afterEach): unmounts the page, puts the window back on '/' (the
 * table state reads the window's address) and gives fetch back.
 */
export function cleanupRoute() {
  cleanup();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
}

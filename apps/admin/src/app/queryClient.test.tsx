import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { installBrowserMocks } from '../components/test-utils';
import { BusinessUnitHomePage } from '../features/business-units/BusinessUnitHomePage';
import type { AuthState } from '../platform/auth';
import { mockServer, problem } from '../test/fakeServer';
import { createQueryClient } from './queryClient';

const auth: { current: Partial<AuthState> } = { current: {} };
vi.mock('../platform/auth', () => ({ useAuth: () => auth.current }));
const notify = vi.hoisted(() => ({ handleApiError: vi.fn() }));
vi.mock('../api/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), handleApiError: notify.handleApiError }));

function renderAt(url: string, path: string, element: ReactElement) {
  installBrowserMocks();
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function Announced() {
  const q = useQuery({ queryKey: ['announced'], queryFn: async () => (await api('api/somewhere')).data });
  return <div>{q.isError ? 'failed' : 'loading'}</div>;
}

beforeEach(() => {
  notify.handleApiError.mockClear();
  // the viewer holds rights in business unit 3 only
  auth.current = { status: 'authenticated', hasRight: (_right, unit = 0) => unit === 3, hasRightAnywhere: () => true };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the query client announces failures once', () => {
  it('another business unit’s home shows the 403 in place, without a toast saying it again', async () => {
    mockServer({ 'GET /api/business-units/2/statistics': () => problem(403, 'error.http.403') });
    renderAt('/my-business-units/2', '/my-business-units/:businessUnitId', <BusinessUnitHomePage />);
    expect(await screen.findByText('You are not authorized to access this page.')).toBeTruthy();
    expect(notify.handleApiError).not.toHaveBeenCalled();
  });

  it('announces the failure of a query whose page does not show it', async () => {
    mockServer({ 'GET /api/somewhere': () => problem(500, 'error.http.500') });
    renderAt('/', '/', <Announced />);
    await screen.findByText('failed');
    await waitFor(() => expect(notify.handleApiError).toHaveBeenCalledTimes(1));
  });
});

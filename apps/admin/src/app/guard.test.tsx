import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserMocks } from '../components/test-utils';
import type { AuthState } from '../platform/auth';
import { RequireAuth } from './guard';

const auth: { current: Partial<AuthState> } = { current: {} };
vi.mock('../platform/auth', () => ({ useAuth: () => auth.current }));

function LoginProbe() {
  const location = useLocation();
  return <div data-testid="login">{JSON.stringify(location.state)}</div>;
}

function renderAt(path: string, element: React.ReactNode, routePath = '/general-settings/role') {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route path={routePath} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const signedIn = (rights: Record<number, string[]>): Partial<AuthState> => ({
  status: 'authenticated',
  hasRight: (right, unit = 0) => rights[unit]?.includes(right) ?? false,
});

beforeAll(installBrowserMocks);
afterEach(cleanup);

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login, remembering the page', () => {
    auth.current = { status: 'anonymous' };
    renderAt('/general-settings/role?x=1', <RequireAuth rights={['ROLE_MANAGE']}>secret</RequireAuth>);
    expect(screen.getByTestId('login').textContent).toBe(JSON.stringify({ from: '/general-settings/role?x=1' }));
  });

  it('shows the not-authorized message without the right', () => {
    auth.current = signedIn({ 0: ['USER_MANAGE'] });
    renderAt('/general-settings/role', <RequireAuth rights={['ROLE_MANAGE']}>secret</RequireAuth>);
    expect(screen.getByTestId('not-authorized').textContent).toContain('You are not authorized to access this page.');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('shows the page with any one of the rights', () => {
    auth.current = signedIn({ 0: ['USER_MANAGE'] });
    renderAt('/general-settings/role', <RequireAuth rights={['ROLE_MANAGE', 'USER_MANAGE']}>secret</RequireAuth>);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('checks business-unit scoped rights in the unit of the path', () => {
    auth.current = signedIn({ 3: ['AUDIT_LOG_ALL_READ'] });
    const page = (
      <RequireAuth rights={['AUDIT_LOG_ALL_READ']} scope="business-unit">
        logs
      </RequireAuth>
    );
    const route = '/my-business-units/:businessUnitId/administration/audit-logs';
    renderAt('/my-business-units/3/administration/audit-logs', page, route);
    expect(screen.getByText('logs')).toBeTruthy();
    cleanup();
    renderAt('/my-business-units/4/administration/audit-logs', page, route);
    expect(screen.getByTestId('not-authorized')).toBeTruthy();
  });
});

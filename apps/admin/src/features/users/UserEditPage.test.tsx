import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { UserEditPage } from './UserEditPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const user = (over: Partial<User> = {}): User => ({
  id: 7,
  login: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  activated: true,
  locked: false,
  technicalAccount: false,
  ssoOnly: false,
  langKey: 'en',
  userGroups: [],
  createdBy: 'system',
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
  version: 3,
  ...over,
});

const SSO_LABEL = 'Single sign-on only';

function server(stored: User) {
  return mockServer({
    'GET /api/users/7': () => ok(stored),
    'GET /api/user-groups': () => ok([]),
    'PUT /api/users': (req) => ok({ ...stored, ...(req.body as object) }),
  });
}

beforeEach(() => {
  auth.current = { ...signedInWith(['USER_MANAGE'], 0), account: { id: 1 } as never };
});
afterEach(cleanupRoute);

describe('user form: single sign-on only', () => {
  it('shows the stored value with its explanation, and saves the switched value', async () => {
    const calls = server(user());
    renderRoute(<UserEditPage />, { url: '/users/7/edit', path: '/users/:id/edit' });
    const toggle = (await screen.findByRole('switch', { name: SSO_LABEL })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/password sign-in and password reset are refused/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/users')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/users')?.body).toMatchObject({ id: 7, version: 3, ssoOnly: true });
  });

  it('shows an SSO-only user as such', async () => {
    server(user({ ssoOnly: true }));
    renderRoute(<UserEditPage />, { url: '/users/7/edit', path: '/users/:id/edit' });
    const toggle = (await screen.findByRole('switch', { name: SSO_LABEL })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});

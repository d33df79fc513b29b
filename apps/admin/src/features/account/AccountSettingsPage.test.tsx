import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { AccountSettingsPage } from './AccountSettingsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const account = { login: 'planner', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', langKey: 'en' };

function server() {
  let active = true;
  return mockServer({
    'GET /api/account': () => ok(account),
    'GET /api/bulk/active': () => ok({ active }),
    'PUT /api/bulk/active': (req) => {
      active = (req.body as { active: boolean }).active;
      return ok({ active });
    },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user settings: the bulk-upload toggle (spec 001 §2)', () => {
  it('is there for a user with BULK_IMPORT_ADMIN, and switches every unit’s bulk uploads', async () => {
    signedInWith({ 0: ['BULK_IMPORT_ADMIN'] });
    const calls = server();
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    const toggle = (await screen.findByRole('switch', { name: 'Bulk uploads are on' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/bulk/active')?.body).toEqual({ active: false }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('is hidden from others, who never ask for it', async () => {
    signedInWith({ 0: ['USER_MANAGE'], 1: ['BULK_IMPORT'] });
    const calls = server();
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    await screen.findByTestId('account-settings-form');
    expect(screen.queryByTestId('account-bulk-toggle')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls.some((c) => c.key === 'GET /api/bulk/active')).toBe(false);
  });
});

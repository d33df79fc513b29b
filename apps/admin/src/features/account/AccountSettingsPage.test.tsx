import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
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

describe('user settings: demo mode (spec 001 §2, §4)', () => {
  const groups = [
    { id: 7, name: 'Orthopaedics viewers' },
    { id: 8, name: 'Auditors' },
  ];
  function demoServer() {
    return mockServer({
      'GET /api/account': () => ok(account),
      'GET /api/user-groups': () => ok(groups),
      'POST /api/demo-token': (req) =>
        req.query.get('user_group_id') === '7'
          ? ok({ id_token: 'demo-token', kind: 'USER_GROUP', label: 'Orthopaedics viewers', expiresAt: '2026-01-01T00:00:00Z' })
          : problem(403, 'error.demo.escalation'),
    });
  }

  it('starts a demo of the chosen group and hands its token to the session', async () => {
    const holder = signedInWith({ 0: ['DEMO_MODUS', 'USER_MANAGE'] });
    const startDemo = vi.fn();
    Object.assign(holder, { startDemo, demo: null });
    const calls = demoServer();
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    await screen.findByTestId('account-demo-mode');
    fireEvent.click(screen.getByRole('button', { name: 'Start demo' }));
    expect(await screen.findByText('Choose whom to view the admin as')).toBeTruthy();
    const select = screen
      .getAllByLabelText('User group')
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    fireEvent.click(select);
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    fireEvent.click(await screen.findByRole('option', { name: 'Orthopaedics viewers', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Start demo' }));
    await waitFor(() => expect(startDemo).toHaveBeenCalledWith('demo-token', { kind: 'USER_GROUP', label: 'Orthopaedics viewers' }));
    expect(calls.find((c) => c.key === 'POST /api/demo-token')?.query.get('user_group_id')).toBe('7');
  });

  it('names a user by login; a refused demo starts nothing', async () => {
    const holder = signedInWith({ 0: ['DEMO_MODUS'] });
    const startDemo = vi.fn();
    Object.assign(holder, { startDemo, demo: null });
    const calls = demoServer();
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    const login = await screen.findByRole('textbox', { name: 'Login of the user' });
    fireEvent.change(login, { target: { value: 'admin@vellum.demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start demo' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/demo-token')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/demo-token')?.query.get('login')).toBe('admin@vellum.demo');
    // without USER_MANAGE or ROLE_MANAGE the groups are not asked for
    expect(calls.some((c) => c.key === 'GET /api/user-groups')).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(startDemo).not.toHaveBeenCalled();
  });

  it('is hidden without DEMO_MODUS and during a demo', async () => {
    signedInWith({ 0: ['USER_MANAGE'] });
    demoServer();
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    await screen.findByTestId('account-settings-form');
    expect(screen.queryByTestId('account-demo-mode')).toBeNull();
    cleanup();
    Object.assign(signedInWith({ 0: ['DEMO_MODUS'] }), { demo: { kind: 'USER', label: 'vera' } });
    renderRoute(<AccountSettingsPage />, { url: '/account/settings', path: '/account/settings' });
    await screen.findByTestId('account-settings-form');
    expect(screen.queryByTestId('account-demo-mode')).toBeNull();
  });
});

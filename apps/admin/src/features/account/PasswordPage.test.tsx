import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../platform/auth';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { PasswordPage } from './PasswordPage';

const auth: { current: Partial<AuthState> } = { current: {} };
vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
const banner = () => screen.queryByTestId('password-error')?.textContent ?? null;

beforeEach(() => {
  auth.current = { status: 'authenticated', account: { login: 'me@e.test' } as AuthState['account'] };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PasswordPage', () => {
  it("drops the server's message on the next attempt and on an edit, never showing two answers at once", async () => {
    const answers = [problem(400, 'error.invalidPassword'), problem(400, 'error.existingOldPassword')];
    mockServer({ 'POST /api/account/change-password': () => answers.shift() ?? ok() });
    renderRoute(<PasswordPage />, { url: '/account/password', path: '/account/password' });

    type(/^Current password/, 'Wrong#current1');
    type(/^New password(?! confirmation)/, 'Changed#2026');
    type(/^New password confirmation/, 'Changed#2026');
    submit();
    await waitFor(() => expect(banner()).toBe('The current password is not correct.'));

    // the next attempt fails in the form: the old answer does not stay beside the new message
    type(/^New password confirmation/, 'Changed#2027');
    expect(banner()).toBeNull();
    submit();
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    expect(banner()).toBeNull();

    type(/^New password confirmation/, 'Changed#2026');
    submit();
    await waitFor(() => expect(banner()).toMatch(/used recently/));
    expect(screen.queryByText('The current password is not correct.')).toBeNull();
  });

  it('says "Passwords must match" under the confirmation as soon as it differs', async () => {
    mockServer({});
    renderRoute(<PasswordPage />, { url: '/account/password', path: '/account/password' });
    type(/^New password(?! confirmation)/, 'Changed#2026');
    type(/^New password confirmation/, 'Changed#20');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    type(/^New password confirmation/, 'Changed#2025');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    type(/^New password confirmation/, 'Changed#2026');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).toBeNull());
  });
});

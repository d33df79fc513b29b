import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserMocks } from '../../components/test-utils';
import { AuthProvider } from '../../platform/auth';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { LoginPage } from './LoginPage';
import { confirmationMismatch } from './passwordForm';
import { ResetFinishPage } from './ResetFinishPage';

function renderReset(url = '/account/reset/finish?key=k123') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/account/reset/finish/:key?" element={<ResetFinishPage />} />
              <Route path="/login" element={<LoginPage />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Save new password' }) as HTMLButtonElement;

beforeAll(installBrowserMocks);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResetFinishPage', () => {
  it('says "Passwords must match" under a confirmation that differs, not only greying the button out', async () => {
    mockServer({});
    renderReset();
    type(/^New password(?! confirmation)/, 'Renewed#2026');
    type(/^New password confirmation/, 'Renewed#2027');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type(/^New password confirmation/, 'Renewed#2026');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).toBeNull());
    expect(submit().disabled).toBe(false);
  });

  it('goes to /login with a success notice once the password is reset (document 000 section 4)', async () => {
    const calls = mockServer({
      'POST /api/account/reset-password/finish': () => ok(),
      'GET /api/manufacturer/own/authentication-mechanism': () => ok({ authenticationMechanism: 'USERNAME_PASSWORD' }),
    });
    renderReset();
    type(/^New password(?! confirmation)/, 'Renewed#2026');
    type(/^New password confirmation/, 'Renewed#2026');
    fireEvent.click(submit());
    expect((await screen.findByTestId('reset-success')).textContent).toBe('Your password has been reset. You can now sign in with it.');
    expect(screen.getByTestId('login-form')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/account/reset-password/finish')?.body).toEqual({
      key: 'k123',
      newPassword: 'Renewed#2026',
    });
  });

  it('stays on the page with a link to a new one when the key is no longer valid', async () => {
    mockServer({ 'POST /api/account/reset-password/finish': () => problem(400, 'error.resetKeyInvalid') });
    renderReset();
    type(/^New password(?! confirmation)/, 'Renewed#2026');
    type(/^New password confirmation/, 'Renewed#2026');
    fireEvent.click(submit());
    expect(await screen.findByTestId('reset-key-invalid')).toBeTruthy();
    expect(screen.queryByTestId('login-form')).toBeNull();
  });
});

describe('confirmationMismatch', () => {
  it('waits until the confirmation is as long as the password or was left, and only when they differ', () => {
    expect(confirmationMismatch('Renewed#2026', '')).toBe(false);
    expect(confirmationMismatch('Renewed#2026', 'Renew')).toBe(false);
    expect(confirmationMismatch('Renewed#2026', 'Renew', true)).toBe(true);
    expect(confirmationMismatch('Renewed#2026', 'Renewed#2027')).toBe(true);
    expect(confirmationMismatch('Renewed#2026', 'Renewed#2026', true)).toBe(false);
  });
});

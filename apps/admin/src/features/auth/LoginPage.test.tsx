import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToken } from '../../api/session';
import { installBrowserMocks } from '../../components/test-utils';
import { accountFor, json, mockServer, problem, renderRoutes } from './auth.test-support';
import { LoginPage } from './LoginPage';

const ACCOUNT = accountFor('USERNAME_PASSWORD');
const renderLogin = () => renderRoutes('/login', { '/login': <LoginPage /> });

const type = (label: RegExp, value: string, container: HTMLElement = document.body) =>
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });

beforeAll(installBrowserMocks);
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('expired credentials: the dialog changes the password, then signs in with the new one', async () => {
    const calls = mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'USERNAME_PASSWORD' }),
      'GET /api/manufacturer/own/name': () => json(200, { name: 'Acme' }),
      'POST /api/authenticate': (body) =>
        (body as { password: string }).password === 'Fresh#2026x'
          ? json(200, { id_token: 'new-token' })
          : problem(401, 'error.credentialsExpired'),
      'POST /api/account/change-expired-password': () => json(200),
      'GET /api/account': () => json(200, ACCOUNT),
      'GET /api/authorization': () => json(200, { general: [], businessUnits: [] }),
    });
    renderLogin();
    await screen.findByTestId('login-form');
    type(/^E-mail/, 'x@e.test');
    type(/^Password/, 'Old#2025xx');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByTestId('expired-password-form');
    expect(screen.getByTestId('login-expired').textContent).toBe('User credentials have expired');
    type(/^New password(?! confirmation)/, 'Fresh#2026x', dialog);
    type(/^New password confirmation/, 'Fresh#2026x', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password and sign in' }));

    await screen.findByText('home page');
    expect(calls.find((c) => c.key === 'POST /api/account/change-expired-password')?.body).toEqual({
      username: 'x@e.test',
      currentPassword: 'Old#2025xx',
      newPassword: 'Fresh#2026x',
    });
    expect(sessionStorage.getItem('vellum-authenticationToken')).toBe('new-token');
  });

  it('a locked account shows the locked message with a link to reset the password', async () => {
    mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'USERNAME_PASSWORD' }),
      'POST /api/authenticate': () => problem(401, 'error.accountLocked'),
    });
    renderLogin();
    await screen.findByTestId('login-form');
    type(/^E-mail/, 'x@e.test');
    type(/^Password/, 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const locked = await screen.findByTestId('login-locked');
    expect(locked.textContent).toContain('User account is locked');
    expect(locked.textContent).toContain('was sent to your e-mail address');
    expect(within(locked).getByRole('link').getAttribute('href')).toBe('/account/reset/forgot');
  });

  it('an SSO-only account is told to use single sign-on, without signing in', async () => {
    mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'USERNAME_PASSWORD' }),
      'POST /api/authenticate': () => problem(401, 'error.ssoOnly'),
    });
    renderLogin();
    await screen.findByTestId('login-form');
    type(/^E-mail/, 'x@e.test');
    type(/^Password/, 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const refused = await screen.findByTestId('login-sso-only');
    expect(refused.textContent).toContain('only through your organisation');
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(sessionStorage.getItem('vellum-authenticationToken')).toBeNull();
  });

  it('the implicit flow offers the single sign-on button instead of the form', async () => {
    mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'IMPLICIT_FLOW' }),
    });
    renderLogin();
    await waitFor(() => expect(screen.getByTestId('sso-sign-in')).toBeTruthy());
    expect(screen.queryByTestId('login-form')).toBeNull();
  });
});

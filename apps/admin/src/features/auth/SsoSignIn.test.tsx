import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken } from '../../api/session';
import { installBrowserMocks } from '../../components/test-utils';
import { SSO_ADMIN_KEY, SSO_NONCE_KEY, SSO_TEST_KEY, SSO_TEST_RESULT_PATH } from './auth.hooks';
import { accountFor, json, mockServer, problem, renderRoutes } from './auth.test-support';
import { LoginCallbackPage } from './LoginCallbackPage';
import { AdminLoginPage, LoginPage } from './LoginPage';

const ACCOUNT = accountFor('AUTHORIZATION_CODE_FLOW');

/** Shows the answer `/login/callback` handed to the test sign-in's report. */
function TestAnswerProbe() {
  return <div data-testid="test-answer">{JSON.stringify(useLocation().state)}</div>;
}

const renderAt = (entry: string) =>
  renderRoutes(entry, {
    '/login': <LoginPage />,
    '/admin-login': <AdminLoginPage />,
    '/login/callback': <LoginCallbackPage />,
    [SSO_TEST_RESULT_PATH]: <TestAnswerProbe />,
  });

beforeAll(installBrowserMocks);
afterEach(() => {
  cleanup();
  clearToken();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('single sign-on in the admin', () => {
  it('the sign-in page offers "Sign in with SSO" for AUTHORIZATION_CODE_FLOW and sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://admin.test', assign });
    const calls = mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'AUTHORIZATION_CODE_FLOW' }),
      'GET /api/authenticate/sso': () => json(200, { url: 'https://idp.test/authorize?state=s' }),
    });
    renderAt('/admin-login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize?state=s'));
    const start = calls.find((c) => c.key === 'GET /api/authenticate/sso');
    expect(start?.url).toContain('admin=true');
    expect(start?.url).toContain(`originalURL=${encodeURIComponent('http://admin.test')}`);
    expect(sessionStorage.getItem(SSO_ADMIN_KEY)).toBe('true');
    expect(screen.queryByTestId('login-form')).toBeNull();
  });

  it('/login/callback posts the code once and lands signed in', async () => {
    sessionStorage.setItem(SSO_ADMIN_KEY, 'false');
    const calls = mockServer({
      'POST /api/convert-token': () => json(200, { id_token: 'vellum-token' }),
      'GET /api/account': () => json(200, ACCOUNT),
      'GET /api/authorization': () => json(200, { general: [], businessUnits: [] }),
    });
    renderAt('/login/callback?code=the-code&state=the-state&iss=https%3A%2F%2Fidp.test');
    expect(await screen.findByText('home page')).toBeTruthy();
    const posts = calls.filter((c) => c.key === 'POST /api/convert-token');
    expect(posts).toEqual([
      expect.objectContaining({ body: { token: 'the-code', state: 'the-state', iss: 'https://idp.test', isAdmin: false } }),
    ]);
    expect(getToken()).toBe('vellum-token');
  });

  it("/login/callback hands a test sign-in's answer to its report, signing nobody in", async () => {
    sessionStorage.setItem(SSO_TEST_KEY, 'true');
    const calls = mockServer({});
    renderAt('/login/callback?code=the-code&state=the-state&iss=https%3A%2F%2Fidp.test');
    const probe = await screen.findByTestId('test-answer');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({ answer: { token: 'the-code', state: 'the-state', iss: 'https://idp.test' } });
    expect(calls.filter((c) => c.key === 'POST /api/convert-token')).toEqual([]);
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(SSO_TEST_KEY)).toBeNull();
  });

  it("/login/callback shows 'SSO Login Failed' when the server refuses, and when the provider sent an error", async () => {
    mockServer({ 'POST /api/convert-token': () => problem(401, 'error.sso.loginFailed') });
    renderAt('/login/callback?code=c&state=s');
    expect((await screen.findByTestId('sso-failed')).textContent).toBe('SSO Login Failed');
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login');
    cleanup();
    const calls = mockServer({});
    renderAt('/login/callback?error=access_denied&state=s');
    expect((await screen.findByTestId('sso-failed')).textContent).toBe('SSO Login Failed');
    expect(calls.filter((c) => c.key === 'POST /api/convert-token')).toEqual([]);
  });

  it('IMPLICIT_FLOW: the button asks for the OpenID URL, keeps the nonce and sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://admin.test', assign });
    const calls = mockServer({
      'GET /api/manufacturer/own/authentication-mechanism': () => json(200, { authenticationMechanism: 'IMPLICIT_FLOW' }),
      'GET /api/manufacturer/own/openid-auth-url': () => json(200, { url: 'https://idp.test/authorize?state=qarad', nonce: 'n-1' }),
    });
    renderAt('/admin-login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize?state=qarad'));
    expect(calls.find((c) => c.key === 'GET /api/manufacturer/own/openid-auth-url')?.url).toContain('admin=true');
    expect(calls.some((c) => c.key === 'GET /api/authenticate/sso')).toBe(false);
    expect(sessionStorage.getItem(SSO_NONCE_KEY)).toBe('n-1');
  });

  it('IMPLICIT_FLOW: /login/callback posts the id token of the fragment with its state and the kept nonce', async () => {
    sessionStorage.setItem(SSO_NONCE_KEY, 'n-1');
    const calls = mockServer({
      'POST /api/convert-token': () => json(200, { id_token: 'vellum-token' }),
      'GET /api/account': () => json(200, ACCOUNT),
      'GET /api/authorization': () => json(200, { general: [], businessUnits: [] }),
    });
    renderAt('/login/callback#id_token=the.id.token&state=qarad');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /api/convert-token')).toEqual([
      expect.objectContaining({ body: { token: 'the.id.token', state: 'qarad', nonce: 'n-1', isAdmin: true } }),
    ]);
    expect(sessionStorage.getItem(SSO_NONCE_KEY)).toBeNull();
  });

  it("IMPLICIT_FLOW: an error in the fragment shows 'SSO Login Failed' and leads back to the admin sign-in", async () => {
    const calls = mockServer({});
    renderAt('/login/callback#error=access_denied&state=qarad');
    expect((await screen.findByTestId('sso-failed')).textContent).toBe('SSO Login Failed');
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/admin-login');
    expect(calls.filter((c) => c.key === 'POST /api/convert-token')).toEqual([]);
  });
});

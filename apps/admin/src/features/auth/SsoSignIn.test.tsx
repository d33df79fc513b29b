import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken } from '../../api/session';
import { installBrowserMocks } from '../../components/test-utils';
import { AuthProvider } from '../../platform/auth';
import { SSO_ADMIN_KEY, SSO_NONCE_KEY, SSO_TEST_KEY, SSO_TEST_RESULT_PATH } from './auth.hooks';
import { LoginCallbackPage } from './LoginCallbackPage';
import { AdminLoginPage, LoginPage } from './LoginPage';

type Handler = (body: unknown) => { status: number; body?: unknown };
const json = (status: number, body?: unknown) => ({ status, body });
const problem = (status: number, message: string) => json(status, { type: 'about:blank', title: 'x', status, message });

function mockServer(routes: Record<string, Handler>) {
  const calls: { key: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, url, body });
      const handler = routes[key];
      const res = handler ? handler(body) : problem(404, 'error.http.404');
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const ACCOUNT = {
  id: 9,
  login: 'x@e.test',
  firstName: 'X',
  lastName: 'Y',
  fullName: 'X Y',
  email: 'x@e.test',
  langKey: 'en',
  activated: true,
  technicalAccount: false,
  authenticationMechanism: 'AUTHORIZATION_CODE_FLOW',
  authorities: [],
  passwordExpiresAt: null,
};

/** Shows the answer `/login/callback` handed to the test sign-in's report. */
function TestAnswerProbe() {
  return <div data-testid="test-answer">{JSON.stringify(useLocation().state)}</div>;
}

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/admin-login" element={<AdminLoginPage />} />
              <Route path="/login/callback" element={<LoginCallbackPage />} />
              <Route path="/my-business-units" element={<div>home page</div>} />
              <Route path={SSO_TEST_RESULT_PATH} element={<TestAnswerProbe />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

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

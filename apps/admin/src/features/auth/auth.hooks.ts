import { useMutation, useQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { firstLoadRoutes as routes } from '../../api/firstLoadRoutes';

/** The sign-in mechanism of the manufacturer (the admin one on /admin-login); the form when it cannot be read. */
export function useAuthenticationMechanism(admin: boolean) {
  return useQuery({
    queryKey: ['authentication-mechanism', admin],
    queryFn: async () => {
      const res = await call(routes.authenticationMechanism, { query: { admin: admin ? 'true' : undefined } });
      return res.data.authenticationMechanism;
    },
    staleTime: 60_000,
    meta: { silentError: true },
  });
}

/** Where the single sign-on remembers, for `/login/callback`, whether it started on /admin-login. */
export const SSO_ADMIN_KEY = 'vellum.sso.admin';
/** Where a test sign-in (SSO settings) tells `/login/callback` that the answer is for its report, not a session. */
export const SSO_TEST_KEY = 'vellum.sso.test';
/** Where `/login/callback` hands a test sign-in's answer to its report. */
export const SSO_TEST_RESULT_PATH = '/general-settings/manufacturer-sso-settings/test-result';
/** Where the IMPLICIT_FLOW keeps the nonce the server drew, sent back with the id token (decision 0074). */
export const SSO_NONCE_KEY = 'vellum.sso.nonce';

/**
 * Sends the browser to the provider: AUTHORIZATION_CODE_FLOW through GET api/authenticate/sso,
 * IMPLICIT_FLOW through GET api/manufacturer/own/openid-auth-url (whose nonce this browser keeps).
 */
export function useStartSso(admin: boolean, mechanism: 'AUTHORIZATION_CODE_FLOW' | 'IMPLICIT_FLOW') {
  return useMutation({
    mutationFn: async () => {
      const adminQuery = admin ? 'true' : undefined;
      let url: string;
      if (mechanism === 'IMPLICIT_FLOW') {
        const res = await call(routes.openIdAuthUrl, { query: { admin: adminQuery } });
        sessionStorage.setItem(SSO_NONCE_KEY, res.data.nonce);
        url = res.data.url;
      } else {
        url = (await call(routes.ssoStart, { query: { originalURL: window.location.origin, admin: adminQuery } })).data.url;
      }
      sessionStorage.setItem(SSO_ADMIN_KEY, admin ? 'true' : 'false');
      window.location.assign(url);
    },
  });
}

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** POST api/authenticate; the page reports failures itself. */
export function useAuthenticate() {
  return useMutation({
    mutationFn: async (body: Credentials) => (await call(routes.authenticate, { body })).data.id_token,
    meta: { silentError: true },
  });
}

/** Change of an expired password before sign-in; the dialog reports failures itself. */
export function useChangeExpiredPassword() {
  return useMutation({
    mutationFn: (body: { username: string; currentPassword: string; newPassword: string }) => call(routes.changeExpiredPassword, { body }),
    meta: { silentError: true, silentAlert: true },
  });
}

const resetInit = routes.resetPasswordInit;

/** The e-mail goes as text/plain, which `call` (JSON bodies) does not send: the route's URL and method with a raw body. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api(urlOf(resetInit), { method: resetInit.method, rawBody: email, contentType: 'text/plain' }),
    meta: { silentAlert: true },
  });
}

export function useFinishPasswordReset() {
  return useMutation({
    mutationFn: (body: { key: string; newPassword: string }) => call(routes.resetPasswordFinish, { body }),
    meta: { silentError: true, silentAlert: true },
  });
}

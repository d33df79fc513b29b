import { authenticateResponse } from '../auth.js';
import { ErrorKeys } from '../errors.js';
import {
  convertTokenBody,
  SsoErrorKeys as E,
  openIdAuthUrlQuery,
  openIdAuthUrlResponse,
  ssoConfigsBody,
  ssoConfigsResponse,
  ssoRedirectResponse,
  ssoStartQuery,
  ssoTestReportSchema,
  ssoTestResultBody,
} from '../sso.js';
import { defineRoute } from './define.js';

const tags = ['sso'];
const noToken = { security: [] } as const;

/** Single sign-on with OpenID Connect: the configurations and the authorization code flow with PKCE (decision 0071). */
export const ssoApi = {
  configs: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/sso-configs',
    tags,
    summary: 'The three single sign-on configurations (ADMIN, PUBLIC, CUSTOMER_API)',
    description:
      'Every kind is answered, version 0 when never saved. The client secret is never answered: `clientSecretSet` says whether one is stored.',
    response: { 200: ssoConfigsResponse },
  }),
  updateConfigs: defineRoute({
    method: 'PUT',
    path: '/api/manufacturer/own/sso-configs',
    tags,
    summary: 'Saves single sign-on configurations',
    description:
      'Kinds left out are unchanged. `clientSecret` left out keeps the stored secret, null removes it, a text replaces it (stored encrypted with AES-256-GCM). The domain must start with https:// (http:// only for a loopback address); an enabled configuration needs a domain and a client id. The ADMIN configuration cannot be disabled while a settings mechanism uses single sign-on. A stale version answers 409.',
    body: ssoConfigsBody,
    response: { 200: ssoConfigsResponse },
    errors: [E.domainScheme, E.configInUse],
  }),
  start: defineRoute({
    method: 'GET',
    path: '/api/authenticate/sso',
    tags,
    summary: 'Starts an AUTHORIZATION_CODE_FLOW sign-in: the provider URL to send the browser to',
    description:
      'State, nonce and the PKCE verifier are kept server-side for 10 minutes and used once. The provider returns to `{PUBLIC_URL}/login/callback?code=&state=`, which posts both to `api/convert-token`. `originalURL` must be an address of this server.',
    ...noToken,
    query: ssoStartQuery,
    response: { 200: ssoRedirectResponse },
    errors: [E.notEnabled, E.providerUnreachable, ErrorKeys.tooManyRequests],
  }),
  openIdAuthUrl: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/openid-auth-url',
    tags,
    summary: 'Starts an IMPLICIT_FLOW sign-in: the provider URL to send the browser to',
    description:
      'For providers that need the implicit flow (decision 0074; AUTHORIZATION_CODE_FLOW is recommended). The URL asks for an id token in the fragment of `{PUBLIC_URL}/login/callback`, with state `qarad` for the admin sign-in and `client` otherwise, and a nonce kept server-side for 10 minutes and used once. The browser keeps the answered nonce and sends it back to `api/convert-token` with the id token.',
    ...noToken,
    query: openIdAuthUrlQuery,
    response: { 200: openIdAuthUrlResponse },
    errors: [E.notEnabled, E.providerUnreachable, ErrorKeys.tooManyRequests],
  }),
  convertToken: defineRoute({
    method: 'POST',
    path: '/api/convert-token',
    tags,
    summary: "Exchanges the provider's answer for a Vellum session token",
    description:
      "AUTHORIZATION_CODE_FLOW: `token` is the authorization code and `state` the state it came with. The server exchanges the code (with the PKCE verifier), checks the id token (signature against the provider's JWKS, issuer, audience, expiry, nonce) and signs in the activated user with that verified e-mail, as a password sign-in does. IMPLICIT_FLOW: `token` is the id token, `state` `client` or `qarad` and `nonce` the one `openid-auth-url` answered; the same checks. Every refusal answers 401 error.sso.loginFailed and is audited with its reason.",
    ...noToken,
    body: convertTokenBody,
    response: { 200: authenticateResponse },
    errors: [E.loginFailed, E.providerUnreachable, ErrorKeys.accountLocked, ErrorKeys.tooManyRequests],
  }),
  testSignIn: defineRoute({
    method: 'GET',
    path: '/api/manufacturer/own/sso-configs/test-sign-in',
    tags,
    summary: 'Starts a test sign-in with the saved ADMIN configuration: the provider URL to send the browser to',
    description:
      '"Test sign-in" on the settings screen: the same authorization code flow with PKCE as `api/authenticate/sso`, with the saved configuration even before it is enabled or chosen as a mechanism. The provider returns to `{PUBLIC_URL}/login/callback`; the answer goes to `test-result` by the same user, and never becomes a session.',
    response: { 200: ssoRedirectResponse },
    errors: [E.testIncomplete, E.providerUnreachable],
  }),
  testResult: defineRoute({
    method: 'POST',
    path: '/api/manufacturer/own/sso-configs/test-result',
    tags,
    summary: 'The report of a test sign-in: what the provider answered and what a real sign-in would do',
    description:
      'Takes the code of a test sign-in started by the same user (once), exchanges it and checks the id token as a sign-in does, and answers the outcome (`signIn` or the reason a sign-in would be refused), the issuer, subject, e-mail, the names of the claims, and the matched user. Creates no session.',
    body: ssoTestResultBody,
    response: { 200: ssoTestReportSchema },
    errors: [E.providerUnreachable],
  }),
};

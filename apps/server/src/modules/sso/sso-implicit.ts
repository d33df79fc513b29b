import { IMPLICIT_STATES } from '@vellum/contract';
import * as client from 'openid-client';
import type { Deps } from '../../platform/deps.js';
import { isNetworkFailure, providerOf, providerUnreachable } from './oidc.js';
import { callbackUrl, flowConfig, hashState, LOGIN_REQUEST_TTL_MS, refusalDetails, SCOPE, SsoRefusal } from './sso-flow.js';
import { insertLoginRequest, takeLoginRequest } from './sso-login-request.repo.js';

/**
 * IMPLICIT_FLOW (spec 000 §4, decision 0074): for providers that need it; AUTHORIZATION_CODE_FLOW is
 * the recommended mechanism. The state is the spec's `client` or `qarad`, so the nonce carries what a
 * state carries in the code flow: drawn by the server, kept (as the key of the started sign-in, hashed)
 * for 10 minutes and taken once, and kept by the browser too, which sends it back with the id token.
 * An id token started in another browser carries another nonce and is refused.
 */

type Log = { warn: (obj: object, msg: string) => void };

/** The started implicit sign-ins share the code flow's table, under a key no code-flow state can be. */
const requestKey = (nonce: string) => hashState(`implicit-nonce:${nonce}`);

export const isImplicitState = (state: string | undefined) => state === IMPLICIT_STATES.admin || state === IMPLICIT_STATES.staff;

/** `GET api/manufacturer/own/openid-auth-url`: the provider's URL for an id token in the callback's fragment. */
export async function startImplicitSignIn(
  deps: Pick<Deps, 'db' | 'config'>,
  query: { admin: boolean },
): Promise<{ url: string; nonce: string }> {
  const row = await flowConfig(deps, query.admin, 'IMPLICIT_FLOW');
  const provider = await providerOf(deps, row, 'implicit');
  const nonce = client.randomNonce();
  await insertLoginRequest(deps.db, {
    stateHash: requestKey(nonce),
    nonce,
    // the implicit flow has no code, so no verifier: the code flow refuses a request without one
    codeVerifier: '',
    admin: query.admin,
    configVersion: row.version,
    originalUrl: null,
    testBy: null,
    expiresAt: new Date(Date.now() + LOGIN_REQUEST_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: callbackUrl(deps),
    response_type: 'id_token',
    scope: SCOPE,
    state: query.admin ? IMPLICIT_STATES.admin : IMPLICIT_STATES.staff,
    nonce,
  });
  return { url: url.toString(), nonce };
}

/**
 * The claims of an implicit answer once every check has passed: the started sign-in of that nonce
 * (once, not expired, the same admin flag as the state), the mechanism still IMPLICIT_FLOW with the
 * same configuration, and openid-client's checks of the id token (signature against the provider's
 * JWKS, issuer, audience, expiry, nonce, state).
 */
export async function implicitClaims(
  deps: Pick<Deps, 'db' | 'config'>,
  body: { token: string; isAdmin: boolean; state?: string; nonce?: string },
  log: Log,
) {
  const state = body.state ?? '';
  if ((state === IMPLICIT_STATES.admin) !== body.isAdmin) throw new SsoRefusal('adminMismatch');
  if (!body.nonce) throw new SsoRefusal('noNonce');
  const request = await takeLoginRequest(deps.db, requestKey(body.nonce));
  // a request with a verifier is a code flow's (a sign-in or a test), never taken here
  if (request?.codeVerifier !== '' || request.expiresAt.getTime() < Date.now()) throw new SsoRefusal('unknownNonce');
  if (request.admin !== body.isAdmin) throw new SsoRefusal('adminMismatch');
  const row = await flowConfig(deps, request.admin, 'IMPLICIT_FLOW').catch(() => {
    throw new SsoRefusal('notEnabled');
  });
  if (row.version !== request.configVersion) throw new SsoRefusal('configChanged');
  const provider = await providerOf(deps, row, 'implicit');
  const current = new URL(callbackUrl(deps));
  current.hash = new URLSearchParams({ id_token: body.token, state }).toString();
  try {
    return await client.implicitAuthentication(provider, current, request.nonce, { expectedState: state });
  } catch (err) {
    if (isNetworkFailure(err)) throw providerUnreachable();
    log.warn({ err }, 'SSO id token refused');
    throw new SsoRefusal('providerAnswerRefused', refusalDetails(err));
  }
}

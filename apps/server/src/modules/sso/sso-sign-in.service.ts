import { createHash, randomUUID } from 'node:crypto';
import { ErrorKeys, SsoAuditActions, SsoErrorKeys } from '@vellum/contract';
import * as client from 'openid-client';
import type { Actor } from '../../platform/audit.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { createSession } from '../../platform/session.repo.js';
import { clearFailedAttempts, findUserByEmail } from '../account/account.repo.js';
import { userActor } from '../account/credentials.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';
import { findSsoConfig } from '../manufacturer/sso-config.repo.js';
import { ADMIN_SSO_KIND, ssoConfigUsable } from '../manufacturer/sso-config.service.js';
import { isNetworkFailure, providerOf, providerUnreachable } from './oidc.js';
import { insertLoginRequest, takeLoginRequest } from './sso-login-request.repo.js';

/** How long a started sign-in waits for the provider to send the browser back. */
const LOGIN_REQUEST_TTL_MS = 10 * 60 * 1000;
/** An SSO session lasts as a password session without "remember me". */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const SCOPE = 'openid email profile';

type SignInDeps = Pick<Deps, 'db' | 'config' | 'tokens'>;
type Log = { warn: (obj: object, msg: string) => void };

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
const callbackUrl = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/login/callback`;

/** The ADMIN configuration when the mechanism of that sign-in is the authorization code flow; refused otherwise. */
async function codeFlowConfig(deps: Pick<Deps, 'db'>, admin: boolean) {
  const settings = await findManufacturer(deps.db);
  const mechanism = admin ? settings?.authenticationMechanismAdmin : settings?.authenticationMechanism;
  const row = await findSsoConfig(deps.db, ADMIN_SSO_KIND);
  if (mechanism !== 'AUTHORIZATION_CODE_FLOW' || !ssoConfigUsable(row)) throw new AppError(SsoErrorKeys.notEnabled, 400);
  return row;
}

/** `originalURL` kept only when it is an address of this server (no open redirect). */
function ownUrl(deps: Pick<Deps, 'config'>, value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === new URL(deps.config.publicUrl).origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Starts an authorization code sign-in with PKCE (decision 0071): a random state, nonce and code
 * verifier kept server-side (the state only as its hash), and the provider's authorization URL.
 */
export async function startSsoSignIn(deps: SignInDeps, query: { admin: boolean; originalURL?: string }): Promise<{ url: string }> {
  const row = await codeFlowConfig(deps, query.admin);
  const provider = await providerOf(deps, row);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await insertLoginRequest(deps.db, {
    stateHash: hashState(state),
    nonce,
    codeVerifier,
    admin: query.admin,
    configVersion: row.version,
    originalUrl: ownUrl(deps, query.originalURL),
    expiresAt: new Date(Date.now() + LOGIN_REQUEST_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: callbackUrl(deps),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.toString() };
}

class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

/** What the provider vouches for, once every check has passed. */
async function exchange(deps: SignInDeps, body: { token: string; isAdmin: boolean; state?: string; iss?: string }, log: Log) {
  if (!body.state) throw new SsoRefusal('noState');
  const request = await takeLoginRequest(deps.db, hashState(body.state));
  if (!request || request.expiresAt.getTime() < Date.now()) throw new SsoRefusal('unknownState');
  if (request.admin !== body.isAdmin) throw new SsoRefusal('adminMismatch');
  const row = await codeFlowConfig(deps, request.admin).catch(() => {
    throw new SsoRefusal('notEnabled');
  });
  if (row.version !== request.configVersion) throw new SsoRefusal('configChanged');
  const provider = await providerOf(deps, row);
  const current = new URL(callbackUrl(deps));
  current.searchParams.set('code', body.token);
  current.searchParams.set('state', body.state);
  if (body.iss) current.searchParams.set('iss', body.iss);
  try {
    const tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: body.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal('noIdToken');
    // a provider that keeps the e-mail out of the id token answers it at its userinfo endpoint (for the same subject)
    if (typeof claims.email !== 'string' && tokens.access_token) {
      const info = await client.fetchUserInfo(provider, tokens.access_token, claims.sub);
      return { claims: { ...claims, email: info.email, email_verified: info.email_verified }, originalUrl: request.originalUrl };
    }
    return { claims, originalUrl: request.originalUrl };
  } catch (err) {
    if (err instanceof SsoRefusal) throw err;
    if (isNetworkFailure(err)) throw providerUnreachable();
    log.warn({ err }, 'SSO code exchange refused');
    throw new SsoRefusal('providerAnswerRefused', refusalDetails(err));
  }
}

/** What the audit row says of a failed check: the innermost error's code and message, the claim or the provider's error. */
function refusalDetails(err: unknown): Record<string, string> {
  const details: Record<string, string> = {};
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string') details.code = e.code;
    if (typeof e.message === 'string') details.check = e.message.slice(0, 200);
    if (typeof e.claim === 'string') details.claim = e.claim;
    if (typeof e.error === 'string') details.providerError = e.error.slice(0, 100);
    e = e.cause as Record<string, unknown> | undefined;
  }
  return details;
}

/**
 * `POST api/convert-token` for the authorization code flow: the code exchanged, the id token checked
 * (by openid-client: JWKS signature, issuer, audience, expiry, nonce), the user matched by the
 * provider's verified e-mail to an activated Vellum user, and a session created exactly as a
 * password sign-in creates it. Every refusal is one answer ('SSO Login Failed') and an audit row with its reason.
 */
export async function convertToken(
  deps: SignInDeps,
  body: { token: string; isAdmin: boolean; state?: string; iss?: string },
  address: string,
  log: Log,
): Promise<{ id_token: string }> {
  let actor: Actor = { userId: null, login: 'sso' };
  let userId: number | null = null;
  try {
    const { claims } = await exchange(deps, body, log);
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    const details = { subject: String(claims.sub).slice(0, 255), email: email?.slice(0, 254) ?? null, issuer: claims.iss };
    if (!email) throw new SsoRefusal('noEmail', details);
    if (claims.email_verified !== true) throw new SsoRefusal('emailNotVerified', details);
    const user = await findUserByEmail(deps.db, email);
    if (!user) throw new SsoRefusal('unknownUser', details);
    actor = userActor(user);
    userId = user.id;
    if (!user.activated) throw new SsoRefusal('deactivated', details);
    if (user.lockedAt) {
      await audit(deps.db, actor, {
        entityName: 'user',
        entityId: user.id,
        action: SsoAuditActions.loginFailed,
        changes: { reason: 'locked', address, ...details },
      });
      throw new AppError(ErrorKeys.accountLocked, 401);
    }
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await deps.db.transaction(async (tx) => {
      await clearFailedAttempts(tx, user.id);
      await createSession(tx, { id: sessionId, userId: user.id, expiresAt, rememberMe: false });
      await audit(tx, actor, {
        entityName: 'user',
        entityId: user.id,
        action: SsoAuditActions.login,
        changes: { sso: 'AUTHORIZATION_CODE_FLOW', admin: body.isAdmin, technicalAccount: user.technicalAccount, address, ...details },
      });
    });
    return { id_token: await deps.tokens.sign({ userId: user.id, sessionId }, expiresAt) };
  } catch (err) {
    if (!(err instanceof SsoRefusal)) throw err;
    await audit(deps.db, actor, {
      entityName: 'user',
      entityId: userId,
      action: SsoAuditActions.loginFailed,
      changes: { reason: err.reason, admin: body.isAdmin, address, ...err.details },
    });
    throw new AppError(SsoErrorKeys.loginFailed, 401);
  }
}

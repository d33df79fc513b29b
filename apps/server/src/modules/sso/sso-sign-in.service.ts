import { randomUUID } from 'node:crypto';
import { ErrorKeys, SsoAuditActions, SsoErrorKeys } from '@vellum/contract';
import * as client from 'openid-client';
import type { Actor } from '../../platform/audit.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { createSession } from '../../platform/session.repo.js';
import { type AccountUser, clearFailedAttempts, findUserByEmail } from '../account/account.repo.js';
import { userActor } from '../account/credentials.js';
import type { SsoConfigRow } from '../manufacturer/sso-config.repo.js';
import { exchangeCode, isNetworkFailure, providerOf, providerUnreachable } from './oidc.js';
import { callbackUrl, flowConfig, hashState, LOGIN_REQUEST_TTL_MS, refusalDetails, SCOPE, SsoRefusal } from './sso-flow.js';
import { implicitClaims, isImplicitState } from './sso-implicit.js';
import { insertLoginRequest, takeLoginRequest } from './sso-login-request.repo.js';

/** An SSO session lasts as a password session without "remember me". */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

type SignInDeps = Pick<Deps, 'db' | 'config' | 'tokens'>;
type Log = { warn: (obj: object, msg: string) => void };
type ConvertBody = { token: string; isAdmin: boolean; state?: string; iss?: string; nonce?: string };

const codeFlowConfig = (deps: Pick<Deps, 'db'>, admin: boolean) => flowConfig(deps, admin, 'AUTHORIZATION_CODE_FLOW');

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
  return beginCodeFlow(deps, row, { admin: query.admin, originalUrl: ownUrl(deps, query.originalURL), testBy: null });
}

/** The provider's authorization URL of a new code flow with `row`, its state, nonce and verifier kept for one answer. */
export async function beginCodeFlow(
  deps: SignInDeps,
  row: SsoConfigRow,
  request: { admin: boolean; originalUrl: string | null; testBy: number | null },
): Promise<{ url: string }> {
  const provider = await providerOf(deps, row);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await insertLoginRequest(deps.db, {
    stateHash: hashState(state),
    nonce,
    codeVerifier,
    ...request,
    configVersion: row.version,
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

/** What the provider vouches for, once every check has passed. */
async function exchange(deps: SignInDeps, body: ConvertBody, log: Log) {
  const { token, state, iss } = body;
  if (!state) throw new SsoRefusal('noState');
  const request = await takeLoginRequest(deps.db, hashState(state));
  // a request without a verifier is an implicit one (another key), a test's answer is a report: never taken here
  if (!request?.codeVerifier || request.testBy !== null || request.expiresAt.getTime() < Date.now()) throw new SsoRefusal('unknownState');
  if (request.admin !== body.isAdmin) throw new SsoRefusal('adminMismatch');
  const row = await codeFlowConfig(deps, request.admin).catch(() => {
    throw new SsoRefusal('notEnabled');
  });
  if (row.version !== request.configVersion) throw new SsoRefusal('configChanged');
  return exchangeAnswer(deps, row, request, { token, state, iss }, log);
}

/** The code of `request` exchanged at the provider of `row`; a failed check is a refusal, a provider that does not answer a 503. */
export async function exchangeAnswer(
  deps: SignInDeps,
  row: SsoConfigRow,
  request: { codeVerifier: string; nonce: string },
  body: { token: string; state: string; iss?: string },
  log: Log,
): Promise<Record<string, unknown>> {
  const provider = await providerOf(deps, row);
  const current = new URL(callbackUrl(deps));
  current.searchParams.set('code', body.token);
  current.searchParams.set('state', body.state);
  if (body.iss) current.searchParams.set('iss', body.iss);
  try {
    const claims = await exchangeCode(provider, current, { verifier: request.codeVerifier, state: body.state, nonce: request.nonce });
    if (!claims) throw new SsoRefusal('noIdToken');
    return claims;
  } catch (err) {
    if (err instanceof SsoRefusal) throw err;
    if (isNetworkFailure(err)) throw providerUnreachable();
    log.warn({ err }, 'SSO code exchange refused');
    throw new SsoRefusal('providerAnswerRefused', refusalDetails(err));
  }
}

/** Why a sign-in with the provider's claims is refused, one copy of the rule for a sign-in and its test. */
export type ClaimsRefusal = 'noEmail' | 'emailNotVerified' | 'unknownUser' | 'deactivated' | 'locked';

/**
 * The provider's claims judged by the sign-in's rules: the user matched by a verified e-mail, or the
 * reason a sign-in is refused (with the user when one matched), and what the audit row says of them.
 */
export async function judgeClaims(db: SignInDeps['db'], claims: Record<string, unknown>) {
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const details = { subject: String(claims.sub).slice(0, 255), email: email?.slice(0, 254) ?? null, issuer: claims.iss };
  const judged = (reason: ClaimsRefusal | null, user?: AccountUser) => ({ reason, user, details });
  if (!email) return judged('noEmail');
  if (claims.email_verified !== true) return judged('emailNotVerified');
  const user = await findUserByEmail(db, email);
  if (!user) return judged('unknownUser');
  if (!user.activated) return judged('deactivated', user);
  if (user.lockedAt) return judged('locked', user);
  return judged(null, user);
}

/**
 * `POST api/convert-token`: for the authorization code flow the code exchanged, for the implicit flow
 * (state `client` or `qarad`) the id token taken as it is; either way the id token checked
 * (by openid-client: JWKS signature, issuer, audience, expiry, nonce), the user matched by the
 * provider's verified e-mail to an activated Vellum user, and a session created exactly as a
 * password sign-in creates it. Every refusal is one answer ('SSO Login Failed') and an audit row with its reason.
 */
export async function convertToken(deps: SignInDeps, body: ConvertBody, address: string, log: Log): Promise<{ id_token: string }> {
  let actor: Actor = { userId: null, login: 'sso' };
  let userId: number | null = null;
  try {
    const implicit = isImplicitState(body.state);
    const claims = implicit ? await implicitClaims(deps, body, log) : await exchange(deps, body, log);
    const { reason, user, details } = await judgeClaims(deps.db, claims);
    if (user) {
      actor = userActor(user);
      userId = user.id;
    }
    if (reason === 'locked') {
      await audit(deps.db, actor, {
        entityName: 'user',
        entityId: userId,
        action: SsoAuditActions.loginFailed,
        changes: { reason, address, ...details },
      });
      throw new AppError(ErrorKeys.accountLocked, 401);
    }
    if (reason || !user) throw new SsoRefusal(reason ?? 'unknownUser', details);
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await deps.db.transaction(async (tx) => {
      await clearFailedAttempts(tx, user.id);
      await createSession(tx, { id: sessionId, userId: user.id, expiresAt, rememberMe: false });
      await audit(tx, actor, {
        entityName: 'user',
        entityId: user.id,
        action: SsoAuditActions.login,
        changes: {
          sso: implicit ? 'IMPLICIT_FLOW' : 'AUTHORIZATION_CODE_FLOW',
          admin: body.isAdmin,
          technicalAccount: user.technicalAccount,
          address,
          ...details,
        },
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

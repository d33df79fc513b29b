import { SsoErrorKeys, type SsoTestReport } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findSsoConfig } from '../manufacturer/sso-config.repo.js';
import { ADMIN_SSO_KIND } from '../manufacturer/sso-config.service.js';
import { providerOf } from './oidc.js';
import { hashState, SsoRefusal } from './sso-flow.js';
import { takeLoginRequest } from './sso-login-request.repo.js';
import { beginCodeFlow, exchangeAnswer, judgeClaims } from './sso-sign-in.service.js';

/**
 * "Test sign-in" on the settings screen (issue 23): the ADMIN configuration as saved, even before it
 * is enabled or chosen in the manufacturer settings, runs the authorization code flow of a real
 * sign-in, and its answer is judged by the same rules, but reported to the user who started it
 * instead of becoming a session.
 */

type TestDeps = Pick<Deps, 'db' | 'config' | 'tokens'>;
type Log = { warn: (obj: object, msg: string) => void };

/** Starts a test sign-in for `userId`: the provider URL to open in a new tab. */
export async function startTestSignIn(deps: TestDeps, userId: number): Promise<{ url: string }> {
  const row = await findSsoConfig(deps.db, ADMIN_SSO_KIND);
  if (!row?.domain || !row.clientId) throw new AppError(SsoErrorKeys.testIncomplete, 400);
  // the provider as it is now: its discovery document read again (and cached for the flow)
  await providerOf(deps, row, 'code', true);
  return beginCodeFlow(deps, row, { admin: true, originalUrl: null, testBy: userId });
}

const empty = { issuer: null, subject: null, email: null, emailVerified: null, claims: [], user: null, check: null };

/** The report of the test sign-in `body.state` started by `userId`: taken once, like a sign-in's answer. */
export async function testSignInResult(
  deps: TestDeps,
  userId: number,
  body: { token: string; state: string; iss?: string },
  log: Log,
): Promise<SsoTestReport> {
  const request = await takeLoginRequest(deps.db, hashState(body.state));
  if (!request?.codeVerifier || request.testBy !== userId || request.expiresAt.getTime() < Date.now()) {
    return { ...empty, outcome: 'unknownState' };
  }
  const row = await findSsoConfig(deps.db, ADMIN_SSO_KIND);
  if (!row || row.version !== request.configVersion) return { ...empty, outcome: 'configChanged' };
  let claims: Record<string, unknown>;
  try {
    claims = await exchangeAnswer(deps, row, request, body, log);
  } catch (err) {
    if (!(err instanceof SsoRefusal)) throw err;
    const check = typeof err.details.check === 'string' ? err.details.check : null;
    return { ...empty, outcome: err.reason === 'noIdToken' ? 'noIdToken' : 'providerAnswerRefused', check };
  }
  const { reason, user, details } = await judgeClaims(deps.db, claims);
  return {
    outcome: reason ?? 'signIn',
    issuer: typeof details.issuer === 'string' ? details.issuer : null,
    subject: details.subject,
    email: details.email,
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    claims: Object.keys(claims).sort(),
    user: user ? { id: user.id, login: user.login, activated: user.activated, ssoOnly: user.ssoOnly } : null,
    check: null,
  };
}

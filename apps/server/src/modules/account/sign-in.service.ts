import { randomUUID } from 'node:crypto';
import { AccountAuditActions, ErrorKeys } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { isPasswordExpired } from '../../platform/password-policy.js';
import { hashPassword } from '../../platform/passwords.js';
import { createSession, revokeSession, revokeUserSessions } from '../../platform/session.repo.js';
import { auditDemoEnds } from '../demo/demo-audit.js';
import { clearFailedAttempts, storePassword } from './account.repo.js';
import { assertAcceptableNewPassword, checkCredentials } from './credentials.js';

const HOUR_MS = 60 * 60 * 1000;
const SESSION_TTL_MS = 24 * HOUR_MS;
const REMEMBER_ME_SESSION_TTL_MS = 30 * 24 * HOUR_MS;

type Log = { error: (obj: object, msg: string) => void };

const authenticationFailed = () => new AppError(ErrorKeys.authenticationFailed, 401);

/**
 * Username (login or e-mail) and password to a token naming a new server-side session. An expired
 * password creates no session: the client offers the expired-password change instead.
 */
export async function authenticate(
  deps: Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer'>,
  body: { username: string; password: string; rememberMe: boolean },
  address: string,
  log: Log,
): Promise<{ id_token: string }> {
  const { user, policy, actor } = await checkCredentials(
    deps,
    { username: body.username, password: body.password, address },
    authenticationFailed,
    log,
  );
  if (isPasswordExpired(user, policy)) {
    await audit(deps.db, actor, {
      entityName: 'user',
      entityId: user.id,
      action: AccountAuditActions.loginFailed,
      changes: { reason: 'credentialsExpired', address },
    });
    throw new AppError(ErrorKeys.credentialsExpired, 401);
  }
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + (body.rememberMe ? REMEMBER_ME_SESSION_TTL_MS : SESSION_TTL_MS));
  await deps.db.transaction(async (tx) => {
    await clearFailedAttempts(tx, user.id);
    await createSession(tx, { id: sessionId, userId: user.id, expiresAt, rememberMe: body.rememberMe });
    await audit(tx, actor, {
      entityName: 'user',
      entityId: user.id,
      action: AccountAuditActions.login,
      changes: { rememberMe: body.rememberMe, technicalAccount: user.technicalAccount, address },
    });
  });
  return { id_token: await deps.tokens.sign({ userId: user.id, sessionId }, expiresAt) };
}

/**
 * The expired-credentials dialog: proves the current password like a sign-in (a wrong one is a
 * failed attempt, answered 400 error.invalidPassword like an unknown username), then sets the new one. Every session of the
 * user ends; the user signs in with the new password.
 */
export async function changeExpiredPassword(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  body: { username: string; currentPassword: string; newPassword: string },
  address: string,
  log: Log,
): Promise<void> {
  const { user, policy, actor } = await checkCredentials(
    deps,
    { username: body.username, password: body.currentPassword, address },
    () => new AppError(ErrorKeys.invalidPassword, 400),
    log,
  );
  await assertAcceptableNewPassword(deps.db, user, body.newPassword, policy);
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await storePassword(tx, user.id, passwordHash, { unlock: false, by: user.login });
    await clearFailedAttempts(tx, user.id);
    await revokeUserSessions(tx, user.id);
    await audit(tx, actor, {
      entityName: 'user',
      entityId: user.id,
      action: AccountAuditActions.passwordChanged,
      changes: { expiredPassword: true, address },
    });
  });
}

/** Ends the session of the token server-side: the same token answers 401 token.inactive afterwards. */
export async function logout(deps: Pick<Deps, 'db'>, auth: AuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // under a demo token, the session that started the demo ends (and every demo of it with it)
    const ended = await revokeSession(tx, auth.demo?.originalSessionId ?? auth.sessionId);
    await auditDemoEnds(tx, auth, ended, 'logout');
    await audit(tx, auth, { entityName: 'user', entityId: auth.userId, action: AccountAuditActions.logout });
  });
}

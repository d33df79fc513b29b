import { AccountAuditActions, ErrorKeys } from '@vellum/contract';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/session.repo.js';
import { findUserByEmail, findUserById, storePassword } from './account.repo.js';
import { assertAcceptableNewPassword, loadPolicy, userActor } from './credentials.js';
import { sendPasswordMail } from './password-reset.mail.js';
import { consumeResetKey, createResetKey, findResetKeyUser } from './password-reset.repo.js';

/**
 * Sends a reset link when an activated, non-technical, non-SSO-only user has this e-mail. The caller answers
 * the same in every case, so a failing mail is logged rather than reported.
 */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  email: string,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  // SSO-only users have no password to reset: nothing is sent, the answer is the same as for an unknown address
  if (!user?.activated || user.technicalAccount || user.ssoOnly) return;
  const key = await deps.db.transaction(async (tx) => {
    const k = await createResetKey(tx, user.id);
    // requested by whoever knows the address: no actor, the user is the entity
    await audit(tx, null, { entityName: 'user', entityId: user.id, action: AccountAuditActions.passwordResetRequested });
    return k;
  });
  try {
    await sendPasswordMail(deps, user, key, 'reset');
  } catch (err) {
    log.error({ err, userId: user.id }, 'password reset mail not sent');
  }
}

const resetKeyInvalid = () => badRequest(ErrorKeys.resetKeyInvalid);

/**
 * Sets a new password with a reset key: unknown, used or expired keys are 400 error.resetKeyInvalid.
 * The rules are checked before the key is consumed, so a refused password leaves the link usable.
 * Success also unlocks the account and ends every session.
 */
export async function finishPasswordReset(deps: Pick<Deps, 'db'>, body: { key: string; newPassword: string }): Promise<void> {
  const userId = await findResetKeyUser(deps.db, body.key);
  const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
  if (!user?.activated) throw resetKeyInvalid();
  await assertAcceptableNewPassword(deps.db, user, body.newPassword, await loadPolicy(deps.db));
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    // consumed here, atomically: of two simultaneous uses only one succeeds
    if ((await consumeResetKey(tx, body.key)) !== user.id) throw resetKeyInvalid();
    await storePassword(tx, user.id, passwordHash, { unlock: true, by: user.login });
    await revokeUserSessions(tx, user.id);
    await audit(tx, userActor(user), {
      entityName: 'user',
      entityId: user.id,
      action: AccountAuditActions.passwordReset,
      changes: user.lockedAt ? { unlocked: true } : undefined,
    });
  });
}

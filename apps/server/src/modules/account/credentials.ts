import { randomBytes } from 'node:crypto';
import { AccountAuditActions, ErrorKeys } from '@vellum/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { assertNotRecentlyUsed, assertStrongPassword, type PasswordPolicy, passwordPolicy } from '../../platform/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { type AccountUser, findAccountSettings, findUserByUsername, recentPasswordHashes, recordFailedAttempt } from './account.repo.js';

// verified against when there is no user (or no password), so that the time taken does not tell
let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummy;
};

export const userActor = (user: Pick<AccountUser, 'id' | 'login'>): Actor => ({ userId: user.id, login: user.login });

export async function loadPolicy(db: DbOrTx): Promise<PasswordPolicy> {
  return passwordPolicy(await findAccountSettings(db));
}

const accountLocked = () => new AppError(ErrorKeys.accountLocked, 401);

/**
 * The password check shared by sign-in and the expired-password change. A wrong password counts as
 * a failed attempt and locks the account at the manufacturer's maximum; the counter and the audit
 * rows are committed before the error is thrown. A locked account is refused even with the right
 * password; a deactivated one (or an unknown username) gets `failure`, like a wrong password.
 */
export async function checkCredentials(db: Db, username: string, password: string, failure: () => AppError, address?: string) {
  const policy = await loadPolicy(db);
  const user = await findUserByUsername(db, username);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  const failed = (actor: Actor | null, reason: string, entityId: number | null = null) =>
    audit(db, actor, { entityName: 'user', entityId, action: AccountAuditActions.loginFailed, changes: { reason, address } });

  if (!user) {
    await failed({ userId: null, login: username.slice(0, 254) }, 'unknownUser');
    throw failure();
  }
  const actor = userActor(user);
  if (!user.activated) {
    await failed(actor, 'deactivated', user.id);
    throw failure();
  }
  if (user.lockedAt) {
    await failed(actor, 'locked', user.id);
    throw accountLocked();
  }
  if (!passwordOk || !user.passwordHash) {
    const { locked, lockedNow } = await db.transaction(async (tx) => {
      const r = await recordFailedAttempt(tx, user.id, policy.maxLoginAttempts);
      await audit(tx, actor, {
        entityName: 'user',
        entityId: user.id,
        action: AccountAuditActions.loginFailed,
        changes: { reason: 'badCredentials', failedAttempts: r.failedAttempts, address },
      });
      if (r.lockedNow) {
        await audit(tx, actor, {
          entityName: 'user',
          entityId: user.id,
          action: AccountAuditActions.accountLocked,
          changes: { failedAttempts: r.failedAttempts },
        });
      }
      return r;
    });
    throw locked || lockedNow ? accountLocked() : failure();
  }
  return { user, policy, actor };
}

/**
 * The rules a new password must pass: strength, and not one of the latest `historySize` passwords
 * (the current one included, even when an older code path stored it without a history row).
 */
export async function assertAcceptableNewPassword(
  db: DbOrTx,
  user: Pick<AccountUser, 'id' | 'passwordHash'>,
  newPassword: string,
  policy: PasswordPolicy,
): Promise<void> {
  assertStrongPassword(newPassword);
  const recent = await recentPasswordHashes(db, user.id, policy.historySize);
  const latest =
    user.passwordHash && !recent.includes(user.passwordHash) ? [user.passwordHash, ...recent].slice(0, policy.historySize) : recent;
  await assertNotRecentlyUsed(newPassword, latest);
}

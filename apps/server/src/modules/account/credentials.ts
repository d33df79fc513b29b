import { AccountAuditActions, ErrorKeys } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { assertNotRecentlyUsed, assertStrongPassword, type PasswordPolicy, passwordPolicy } from '../../platform/password-policy.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../platform/passwords.js';
import { type AccountUser, findAccountSettings, findUserByUsername, recentPasswordHashes, recordFailedAttempt } from './account.repo.js';
import { recordAddressFailure } from './login-throttle.js';
import { sendLockedMail } from './password-reset.mail.js';
import { createResetKey } from './password-reset.repo.js';

export const userActor = (user: Pick<AccountUser, 'id' | 'login'>): Actor => ({ userId: user.id, login: user.login });

export async function loadPolicy(db: DbOrTx): Promise<PasswordPolicy> {
  return passwordPolicy(await findAccountSettings(db));
}

const accountLocked = () => new AppError(ErrorKeys.accountLocked, 401);

export interface SignInAttempt {
  username: string;
  password: string;
  /** The source address (the request's ip, TRUST_PROXY applied). */
  address: string;
}

type Log = { error: (obj: object, msg: string) => void };

/**
 * The password check shared by sign-in and the expired-password change (decision 0014).
 *
 * Only the right password of an activated account gets past it, or learns that the account is
 * locked. Everything else (a wrong password, locked account or not, an unknown username, a
 * deactivated user) runs the same steps and gets the same `failure`: an argon2 verification (against
 * a fixed dummy hash when there is no user or no password), then one transaction that counts the
 * failure for the source address (the growing delay) and for the account, and audits it with the
 * address. The attempt that reaches the manufacturer's maximum locks the account, audits the lock
 * and mails the owner a reset link, once, after the commit.
 */
export async function checkCredentials(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  attempt: SignInAttempt,
  failure: () => AppError,
  log: Log,
) {
  const { db } = deps;
  const { username, address } = attempt;
  const policy = await loadPolicy(db);
  const user = await findUserByUsername(db, username);
  const passwordOk = (await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, attempt.password)) && !!user?.passwordHash;
  const actor: Actor = user ? userActor(user) : { userId: null, login: username.slice(0, 254) };

  if (user?.activated && passwordOk) {
    // both told only to whoever knows the password: no enumeration of locked or SSO-only accounts
    const refused = user.lockedAt ? 'locked' : user.ssoOnly ? 'ssoOnly' : null;
    if (refused) {
      await audit(db, actor, {
        entityName: 'user',
        entityId: user.id,
        action: AccountAuditActions.loginFailed,
        changes: { reason: refused, address },
      });
      throw refused === 'locked' ? accountLocked() : new AppError(ErrorKeys.ssoOnly, 401);
    }
    return { user, policy, actor };
  }

  const reason = !user ? 'unknownUser' : !user.activated ? 'deactivated' : 'badCredentials';
  const lock = await db.transaction(async (tx) => {
    const fromAddress = await recordAddressFailure(tx, address, deps.config.loginThrottle);
    const counted = await recordFailedAttempt(tx, user?.id ?? null, policy.maxLoginAttempts);
    await audit(tx, actor, {
      entityName: 'user',
      entityId: user?.id ?? null,
      action: AccountAuditActions.loginFailed,
      changes: {
        reason,
        ...(user?.lockedAt ? { locked: true } : {}),
        ...(counted.failedAttempts === undefined ? {} : { failedAttempts: counted.failedAttempts }),
        address,
        addressFailures: fromAddress.failures,
        ...(fromAddress.delayMs ? { addressDelayMs: fromAddress.delayMs } : {}),
      },
    });
    if (!user || !counted.lockedNow) return undefined;
    // the way out the owner is sent; technical and SSO-only accounts have no reset by mail (an administrator unlocks them)
    const key = user.technicalAccount || user.ssoOnly ? undefined : await createResetKey(tx, user.id);
    await audit(tx, actor, {
      entityName: 'user',
      entityId: user.id,
      action: AccountAuditActions.accountLocked,
      changes: { failedAttempts: counted.failedAttempts, address, ownerMail: key ? 'resetLink' : 'notice' },
    });
    return { to: { email: user.email, langKey: user.langKey }, userId: user.id, key, failedAttempts: counted.failedAttempts ?? 0 };
  });
  if (lock) {
    // not awaited: the answer that locks must not take longer than any other failure
    sendLockedMail(deps, lock.to, { key: lock.key, failedAttempts: lock.failedAttempts, address }).catch((err) =>
      log.error({ err, userId: lock.userId }, 'account locked mail not sent'),
    );
  }
  throw failure();
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

import { type Account, AccountAuditActions, type Authorization, authenticationMechanismSchema, ErrorKeys } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { passwordExpiresAt, passwordPolicy } from '../../platform/password-policy.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/session.repo.js';
import {
  type AccountUser,
  emailUsedByOther,
  findAccountSettings,
  findUserById,
  storePassword,
  updateAccountFields,
} from './account.repo.js';
import { assertAcceptableNewPassword, loadPolicy } from './credentials.js';

async function currentUser(deps: Pick<Deps, 'db'>, auth: AuthContext): Promise<AccountUser> {
  const user = await findUserById(deps.db, auth.userId);
  // the access hook found the session a moment ago; a user deleted since then is signed out
  if (!user) throw new AppError(ErrorKeys.tokenInactive, 401, undefined, undefined, 'token.inactive');
  return user;
}

function toAccount(
  user: Omit<AccountUser, 'passwordHash'>,
  auth: AuthContext,
  settings: Awaited<ReturnType<typeof findAccountSettings>>,
): Account {
  const expiresAt = passwordExpiresAt(user, passwordPolicy(settings));
  const mechanism = authenticationMechanismSchema.safeParse(settings.authenticationMechanism);
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    langKey: user.langKey,
    activated: user.activated,
    technicalAccount: user.technicalAccount,
    authenticationMechanism: mechanism.success ? mechanism.data : 'USERNAME_PASSWORD',
    authorities: [...auth.rights.general].sort(),
    passwordExpiresAt: expiresAt?.toISOString() ?? null,
  };
}

/** The signed-in user as the access hook read it (cached with the session) and the cached settings: no query when warm. */
export async function getAccount(deps: Pick<Deps, 'db' | 'accessCache'>, auth: AuthContext): Promise<Account> {
  const settings = await deps.accessCache.sharedValue('account-settings', () => findAccountSettings(deps.db));
  return toAccount(auth.user, auth, settings);
}

/** The user's own first and last name and e-mail (unique: 400 error.emailexists). */
export async function updateAccount(
  deps: Pick<Deps, 'db'>,
  auth: AuthContext,
  body: { firstName?: string | null; lastName?: string | null; email: string; langKey: string },
): Promise<Account> {
  const fields = { firstName: body.firstName || null, lastName: body.lastName || null, email: body.email, langKey: body.langKey };
  if (await emailUsedByOther(deps.db, fields.email, auth.userId)) throw badRequest(ErrorKeys.emailAlreadyUsed);
  const updated = await deps.db.transaction(async (tx) => {
    const before = await findUserById(tx, auth.userId);
    const after = await updateAccountFields(tx, auth.userId, fields, auth.login);
    if (!before || !after) throw new AppError(ErrorKeys.tokenInactive, 401, undefined, undefined, 'token.inactive');
    const changes = diff(
      { firstName: before.firstName, lastName: before.lastName, email: before.email, langKey: before.langKey },
      { firstName: after.firstName, lastName: after.lastName, email: after.email, langKey: after.langKey },
    );
    await audit(tx, auth, { entityName: 'user', entityId: auth.userId, action: AccountAuditActions.update, changes });
    return after;
  });
  return toAccount(updated, auth, await findAccountSettings(deps.db));
}

/** General rights, and the rights held in each business unit (sorted, for stable answers). */
export function getAuthorization(auth: AuthContext): Authorization {
  return {
    general: [...auth.rights.general].sort(),
    businessUnits: [...auth.rights.byUnit.entries()]
      .sort(([a], [b]) => a - b)
      .map(([businessUnitId, rights]) => ({ businessUnitId, rights: [...rights].sort() })),
  };
}

/**
 * The signed-in user's own password. The current one must match (400 error.invalidPassword; not a
 * failed sign-in attempt, the user is already signed in); every other session of the user ends.
 */
export async function changePassword(
  deps: Pick<Deps, 'db'>,
  auth: AuthContext,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await currentUser(deps, auth);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw badRequest(ErrorKeys.invalidPassword);
  await assertAcceptableNewPassword(deps.db, user, body.newPassword, await loadPolicy(deps.db));
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await storePassword(tx, user.id, passwordHash, { unlock: false, by: auth.login });
    await revokeUserSessions(tx, user.id, auth.sessionId);
    await audit(tx, auth, { entityName: 'user', entityId: user.id, action: AccountAuditActions.passwordChanged });
  });
}

import { AccessErrorKeys, type User, type userCreateBody, type userPageQuery, type userUpdateBody } from '@vellum/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { hashPassword } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/session.repo.js';
import { sendPasswordMail } from '../account/password-reset.mail.js';
import { createResetKey } from '../account/password-reset.repo.js';
import { fullNameOf } from './full-name.js';
import * as repo from './users.repo.js';

type UserCreate = z.output<typeof userCreateBody>;
type UserUpdate = z.output<typeof userUpdateBody>;
type UserPageQuery = z.output<typeof userPageQuery>;

const ENTITY = 'user';

const uniqueSorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the audit log records of a user (never the password hash). */
const snapshot = (u: repo.UserRow, userGroupIds: number[]) => ({
  login: u.login,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  activated: u.activated,
  technicalAccount: u.technicalAccount,
  ssoOnly: u.ssoOnly,
  langKey: u.langKey,
  locked: u.lockedAt !== null,
  userGroupIds,
});

type UserFields = Omit<repo.UserRow, 'passwordHash'>;

/** A user as the API answers it, with the groups read beside it. */
function toUser(u: UserFields, groups: { id: number; name: string }[]): User {
  return {
    id: u.id,
    login: u.login,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: fullNameOf(u),
    email: u.email,
    activated: u.activated,
    locked: u.lockedAt !== null,
    technicalAccount: u.technicalAccount,
    ssoOnly: u.ssoOnly,
    langKey: u.langKey,
    userGroups: groups,
    createdBy: u.createdBy,
    createdDate: iso(u.createdDate),
    lastModifiedBy: u.lastModifiedBy,
    lastModifiedDate: iso(u.lastModifiedDate),
    version: u.version,
  };
}

async function withGroups(db: DbOrTx, rows: repo.UserRow[]): Promise<User[]> {
  const groups = await repo.findGroupsOfUsers(
    db,
    rows.map((u) => u.id),
  );
  return rows.map((u) =>
    toUser(
      u,
      groups.filter((g) => g.userId === u.id).map((g) => ({ id: g.id, name: g.name })),
    ),
  );
}

export async function listUsers(deps: Pick<Deps, 'db'>, q: UserPageQuery): Promise<{ items: User[]; total: number }> {
  const page = pageRequest(q, repo.userSortColumns, repo.userSortColumns.id);
  const { rows, total } = await repo.searchUsers(deps.db, { search: q.search || undefined, ...page });
  return { items: rows.map(({ groups, ...u }) => toUser(u, groups)), total };
}

export async function getUser(deps: Pick<Deps, 'db'>, id: number): Promise<User> {
  const row = await repo.findUser(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return (await withGroups(deps.db, [row]))[0];
}

/** Login and e-mail are free (ignoring case) and every user group exists. */
async function checkUniqueAndGroups(tx: DbOrTx, login: string, email: string, groupIds: number[], exceptId?: number): Promise<void> {
  if (await repo.loginTaken(tx, login, exceptId)) throw badRequest(AccessErrorKeys.loginAlreadyUsed, { login });
  if (await repo.emailTaken(tx, email, exceptId)) throw badRequest(AccessErrorKeys.emailAlreadyUsed, { email });
  const existing = await repo.existingGroupIds(tx, groupIds);
  const unknown = groupIds.filter((id) => !existing.has(id));
  if (unknown.length) {
    throw new AppError(AccessErrorKeys.userGroupNotFound, 400, { ids: unknown }, [
      { objectName: 'user', field: 'userGroupIds', message: 'NotFound' },
    ]);
  }
}

/**
 * Creates a user. With a password it is set (and remembered in the history); without one the
 * user gets a 'welcome' mail with a link to choose it, sent once the transaction has committed.
 */
export async function createUser(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  actor: Actor,
  body: UserCreate,
  log: FastifyBaseLogger,
): Promise<User> {
  if (body.id !== undefined && body.id !== null) throw badRequest(AccessErrorKeys.idExists, { entity: ENTITY });
  const groupIds = uniqueSorted(body.userGroupIds);
  // hashing is slow: do it before the transaction opens
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const { row, resetKey } = await deps.db.transaction(async (tx) => {
    await checkUniqueAndGroups(tx, body.login, body.email, groupIds);
    const row = await repo.insertUser(tx, {
      login: body.login,
      email: body.email,
      firstName: body.firstName || null,
      lastName: body.lastName || null,
      passwordHash,
      activated: body.activated,
      technicalAccount: body.technicalAccount,
      ssoOnly: body.ssoOnly,
      langKey: body.langKey,
      createdBy: actor.login,
      lastModifiedBy: actor.login,
    });
    if (passwordHash) await repo.insertPasswordHistory(tx, row.id, passwordHash);
    await repo.replaceGroupsOfUser(tx, row.id, groupIds);
    // an SSO-only user signs in through the identity provider: no mail to choose a password
    const resetKey = passwordHash || body.ssoOnly ? undefined : await createResetKey(tx, row.id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: row.login,
      action: 'CREATE',
      changes: { ...snapshot(row, groupIds), passwordSet: passwordHash !== null },
    });
    return { row, resetKey };
  });
  if (resetKey) {
    // the user exists either way; a failed mail is logged and a reset can be requested later
    try {
      await sendPasswordMail(deps, row, resetKey, 'welcome');
    } catch (err) {
      log.error({ err, userId: row.id }, 'welcome mail could not be sent');
    }
  }
  return getUser(deps, row.id);
}

export async function updateUser(deps: Pick<Deps, 'db'>, actor: Actor, body: UserUpdate): Promise<User> {
  const groupIds = uniqueSorted(body.userGroupIds);
  const self = actor.userId === body.id;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findUserForUpdate(tx, body.id);
    if (!before) throw notFound(ENTITY);
    const groupsBefore = await repo.groupIdsOf(tx, body.id);
    if (self && !body.activated) throw badRequest(AccessErrorKeys.selfAction, { action: 'deactivate' });
    if (self && groupsBefore.some((id) => !groupIds.includes(id)))
      throw badRequest(AccessErrorKeys.selfAction, { action: 'removeFromGroup' });
    await checkUniqueAndGroups(tx, body.login, body.email, groupIds, body.id);
    const after = await repo.updateUser(tx, body.id, body.version, {
      login: body.login,
      email: body.email,
      firstName: body.firstName || null,
      lastName: body.lastName || null,
      activated: body.activated,
      technicalAccount: body.technicalAccount,
      ssoOnly: body.ssoOnly,
      langKey: body.langKey,
      lastModifiedBy: actor.login,
      ...(body.unlock ? { failedAttempts: 0, lockedAt: null } : {}),
    });
    if (!after) throw conflict();
    await repo.replaceGroupsOfUser(tx, body.id, groupIds);
    // a deactivated user's tokens stop working now, and stay dead if the user is activated again
    if (before.activated && !after.activated) await revokeUserSessions(tx, body.id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: body.id,
      entityLabel: after.login,
      action: 'UPDATE',
      changes: diff(snapshot(before, groupsBefore), snapshot(after, groupIds)),
    });
  });
  return getUser(deps, body.id);
}

export async function deleteUser(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.UserRow> {
  if (actor.userId === id) throw badRequest(AccessErrorKeys.selfAction, { action: 'delete' });
  return deps.db.transaction(async (tx) => {
    const row = await repo.findUserForUpdate(tx, id);
    if (!row) throw notFound(ENTITY);
    const groupIds = await repo.groupIdsOf(tx, id);
    await repo.deleteUser(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: row.login,
      action: 'DELETE',
      changes: snapshot(row, groupIds),
    });
    return row;
  });
}

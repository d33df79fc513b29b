import { and, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { appUser, role, userGroup, userGroupBusinessUnit, userGroupMember, userSession } from '../db/schema/index.js';

/** The signed-in user as the request path keeps it: the whole row but its password hash. */
export type AuthUser = Omit<typeof appUser.$inferSelect, 'passwordHash'>;
const { passwordHash: _hash, ...authUserColumns } = getTableColumns(appUser);

const original = alias(userSession, 'original_session');

/**
 * The session a token names, with the user it belongs to. A demo session (decision 0072) counts
 * only while the session that started it does: it is revoked or expired when that one is.
 */
export async function findSessionWithUser(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: userSession.id,
      userId: userSession.userId,
      revokedAt: sql<Date | null>`coalesce(${userSession.revokedAt}, ${original.revokedAt})`.mapWith(userSession.revokedAt),
      expiresAt: sql<Date>`least(${userSession.expiresAt}, ${original.expiresAt})`.mapWith(userSession.expiresAt),
      demoOfSessionId: userSession.demoOfSessionId,
      demoUserGroupId: userSession.demoUserGroupId,
      demoUserId: userSession.demoUserId,
      demoLabel: userSession.demoLabel,
      user: authUserColumns,
    })
    .from(userSession)
    .innerJoin(appUser, eq(appUser.id, userSession.userId))
    .leftJoin(original, eq(original.id, userSession.demoOfSessionId))
    .where(eq(userSession.id, sessionId));
  return row;
}

/** Every grant the user holds through a group: the group's role rights, on all units or on one. */
export async function findGrants(db: DbOrTx, userId: number) {
  return db
    .select({
      allBusinessUnits: userGroup.allBusinessUnits,
      businessUnitId: userGroupBusinessUnit.businessUnitId,
      rights: role.rights,
    })
    .from(userGroupMember)
    .innerJoin(userGroup, eq(userGroup.id, userGroupMember.userGroupId))
    .innerJoin(role, eq(role.id, userGroup.roleId))
    .leftJoin(userGroupBusinessUnit, eq(userGroupBusinessUnit.userGroupId, userGroup.id))
    .where(eq(userGroupMember.userId, userId));
}

/** The grants of one user group: its role's rights, on all units or on each of its units; none when it does not exist. */
export async function findGroupGrants(db: DbOrTx, userGroupId: number) {
  return db
    .select({
      allBusinessUnits: userGroup.allBusinessUnits,
      businessUnitId: userGroupBusinessUnit.businessUnitId,
      rights: role.rights,
    })
    .from(userGroup)
    .innerJoin(role, eq(role.id, userGroup.roleId))
    .leftJoin(userGroupBusinessUnit, eq(userGroupBusinessUnit.userGroupId, userGroup.id))
    .where(eq(userGroup.id, userGroupId));
}

export async function createSession(db: DbOrTx, s: { id: string; userId: number; expiresAt: Date; rememberMe: boolean }) {
  await db.insert(userSession).values(s);
}

/** Ends a session and the demos it started; answers the sessions ended (demos with their target). */
export async function revokeSession(db: DbOrTx, sessionId: string) {
  return db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(and(or(eq(userSession.id, sessionId), eq(userSession.demoOfSessionId, sessionId)), isNull(userSession.revokedAt)))
    .returning({
      id: userSession.id,
      demoOfSessionId: userSession.demoOfSessionId,
      demoUserGroupId: userSession.demoUserGroupId,
      demoUserId: userSession.demoUserId,
      demoLabel: userSession.demoLabel,
    });
}

export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: string) {
  const rows = await db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSession.userId, userId), isNull(userSession.revokedAt)))
    .returning({ id: userSession.id });
  if (exceptSessionId && rows.some((r) => r.id === exceptSessionId)) {
    await db.update(userSession).set({ revokedAt: null }).where(eq(userSession.id, exceptSessionId));
  }
}

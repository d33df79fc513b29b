import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { appUser, role, userGroup, userGroupBusinessUnit, userGroupMember, userSession } from '../db/schema/index.js';

/** The signed-in user as the request path keeps it: the whole row but its password hash. */
export type AuthUser = Omit<typeof appUser.$inferSelect, 'passwordHash'>;
const { passwordHash: _hash, ...authUserColumns } = getTableColumns(appUser);

/** The session a token names, with the user it belongs to. */
export async function findSessionWithUser(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: userSession.id,
      userId: userSession.userId,
      revokedAt: userSession.revokedAt,
      expiresAt: userSession.expiresAt,
      user: authUserColumns,
    })
    .from(userSession)
    .innerJoin(appUser, eq(appUser.id, userSession.userId))
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

export async function createSession(db: DbOrTx, s: { id: string; userId: number; expiresAt: Date; rememberMe: boolean }) {
  await db.insert(userSession).values(s);
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSession.id, sessionId), isNull(userSession.revokedAt)));
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

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, userGroup, userSession } from '../../db/schema/index.js';

/** A user group a demo may view the admin as. */
export async function findGroup(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: userGroup.id, name: userGroup.name }).from(userGroup).where(eq(userGroup.id, id));
  return row;
}

/** A user a demo may view the admin as, by login (ignoring case). */
export async function findUserByLogin(db: DbOrTx, login: string) {
  const [row] = await db
    .select({ id: appUser.id, login: appUser.login })
    .from(appUser)
    .where(sql`lower(${appUser.login}) = ${login.toLowerCase()}`);
  return row;
}

/** When the session that starts a demo ends. */
export async function sessionExpiry(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  const [row] = await db.select({ expiresAt: userSession.expiresAt }).from(userSession).where(eq(userSession.id, sessionId));
  return row?.expiresAt;
}

export async function createDemoSession(
  db: DbOrTx,
  s: {
    id: string;
    userId: number;
    expiresAt: Date;
    demoOfSessionId: string;
    demoUserGroupId: number | null;
    demoUserId: number | null;
    demoLabel: string;
  },
) {
  await db.insert(userSession).values({ ...s, rememberMe: false });
}

const ended = {
  id: userSession.id,
  demoOfSessionId: userSession.demoOfSessionId,
  demoUserGroupId: userSession.demoUserGroupId,
  demoUserId: userSession.demoUserId,
  demoLabel: userSession.demoLabel,
};

/** Ends one demo session (still running); answers it. */
export async function endDemo(db: DbOrTx, demoSessionId: string) {
  return db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSession.id, demoSessionId), isNull(userSession.revokedAt)))
    .returning(ended);
}

/** Ends every running demo that a session started; answers them. */
export async function endDemosOf(db: DbOrTx, sessionId: string) {
  return db
    .update(userSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSession.demoOfSessionId, sessionId), isNull(userSession.revokedAt)))
    .returning(ended);
}

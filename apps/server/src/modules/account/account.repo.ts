import { and, desc, eq, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, manufacturer, passwordHistory } from '../../db/schema/index.js';

export type AccountUser = typeof appUser.$inferSelect;

/** Rows kept per user: the largest history size the manufacturer settings allow. */
const HISTORY_ROWS_KEPT = 50;

/** A user by login or e-mail, case-insensitively; a login match wins over another user's e-mail. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<AccountUser | undefined> {
  const u = username.trim().toLowerCase();
  const loginMatches = sql`lower(${appUser.login}) = ${u}`;
  const [row] = await db
    .select()
    .from(appUser)
    .where(or(loginMatches, sql`lower(${appUser.email}) = ${u}`))
    .orderBy(desc(loginMatches))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<AccountUser | undefined> {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<AccountUser | undefined> {
  const [row] = await db.select().from(appUser).where(sql`lower(${appUser.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return row;
}

export async function emailUsedByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(sql`lower(${appUser.email}) = ${email.trim().toLowerCase()}`, ne(appUser.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The manufacturer settings the account rules depend on. */
export async function findAccountSettings(db: DbOrTx) {
  const [row] = await db
    .select({
      maxLoginAttempts: manufacturer.maxLoginAttempts,
      passwordValidityDays: manufacturer.passwordValidityDays,
      oldPasswordsCount: manufacturer.oldPasswordsCount,
      authenticationMechanism: manufacturer.authenticationMechanism,
    })
    .from(manufacturer)
    .where(eq(manufacturer.id, 1));
  return row ?? { maxLoginAttempts: 5, passwordValidityDays: 0, oldPasswordsCount: 3, authenticationMechanism: 'USERNAME_PASSWORD' };
}

/**
 * Counts one failed attempt of an activated, unlocked account atomically and locks it when the
 * count reaches the maximum; `lockedNow` is true only for the attempt that locked it. For no user
 * (`null`), a deactivated or an already locked one the same statement runs and changes nothing, so
 * that every failed sign-in does the same work.
 */
export async function recordFailedAttempt(tx: DbOrTx, userId: number | null, maxAttempts: number) {
  const [row] = await tx
    .update(appUser)
    .set({ failedAttempts: sql`${appUser.failedAttempts} + 1` })
    .where(userId === null ? sql`false` : and(eq(appUser.id, userId), eq(appUser.activated, true), isNull(appUser.lockedAt)))
    .returning({ failedAttempts: appUser.failedAttempts });
  if (userId === null || !row || row.failedAttempts < maxAttempts) return { failedAttempts: row?.failedAttempts, lockedNow: false };
  const locked = await tx
    .update(appUser)
    .set({ lockedAt: new Date() })
    .where(and(eq(appUser.id, userId), isNull(appUser.lockedAt)))
    .returning({ id: appUser.id });
  return { failedAttempts: row.failedAttempts, lockedNow: locked.length > 0 };
}

export async function clearFailedAttempts(tx: DbOrTx, userId: number) {
  await tx
    .update(appUser)
    .set({ failedAttempts: 0 })
    .where(and(eq(appUser.id, userId), ne(appUser.failedAttempts, 0)));
}

/** The latest password hashes of a user, newest first. */
export async function recentPasswordHashes(db: DbOrTx, userId: number, count: number): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(count);
  return rows.map((r) => r.passwordHash);
}

/**
 * Stores a new password: hash, change date, a history row (older rows beyond what any setting can
 * ask for are dropped); `unlock` also clears the failed attempts and the lock.
 */
export async function storePassword(tx: DbOrTx, userId: number, passwordHash: string, opts: { unlock: boolean; by: string }) {
  const now = new Date();
  await tx
    .update(appUser)
    .set({
      passwordHash,
      passwordChangedAt: now,
      lastModifiedBy: opts.by,
      lastModifiedDate: now,
      ...(opts.unlock ? { failedAttempts: 0, lockedAt: null } : {}),
    })
    .where(eq(appUser.id, userId));
  await tx.insert(passwordHistory).values({ userId, passwordHash, createdAt: now });
  const kept = tx
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(HISTORY_ROWS_KEPT);
  await tx.delete(passwordHistory).where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, kept)));
}

export async function updateAccountFields(
  tx: DbOrTx,
  userId: number,
  fields: { firstName: string | null; lastName: string | null; email: string; langKey: string },
  by: string,
) {
  const [row] = await tx
    .update(appUser)
    .set({ ...fields, lastModifiedBy: by, lastModifiedDate: new Date(), version: sql`${appUser.version} + 1` })
    .where(eq(appUser.id, userId))
    .returning();
  return row;
}

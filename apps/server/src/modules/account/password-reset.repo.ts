import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { resetKey } from '../../db/schema/index.js';

export const RESET_KEY_VALIDITY_MS = 24 * 60 * 60 * 1000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Issues a single-use key valid 24 hours; earlier unused keys of the user stop counting. Returns the clear key. */
export async function createResetKey(db: DbOrTx, userId: number, now = new Date()): Promise<string> {
  await db
    .update(resetKey)
    .set({ usedAt: now })
    .where(and(eq(resetKey.userId, userId), isNull(resetKey.usedAt)));
  const key = randomBytes(32).toString('base64url');
  await db
    .insert(resetKey)
    .values({ keyHash: hashKey(key), userId, createdAt: now, expiresAt: new Date(now.getTime() + RESET_KEY_VALIDITY_MS) });
  return key;
}

/** Consumes a key: the user it belongs to when it is unused and unexpired, otherwise undefined. */
export async function consumeResetKey(db: DbOrTx, key: string, now = new Date()): Promise<number | undefined> {
  const [row] = await db
    .update(resetKey)
    .set({ usedAt: now })
    .where(and(eq(resetKey.keyHash, hashKey(key)), isNull(resetKey.usedAt), gt(resetKey.expiresAt, now)))
    .returning({ userId: resetKey.userId });
  return row?.userId;
}

/** The user a key belongs to while it is unused and unexpired, without consuming it. */
export async function findResetKeyUser(db: DbOrTx, key: string, now = new Date()): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: resetKey.userId })
    .from(resetKey)
    .where(and(eq(resetKey.keyHash, hashKey(key)), isNull(resetKey.usedAt), gt(resetKey.expiresAt, now)));
  return row?.userId;
}

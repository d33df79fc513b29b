import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { validationRecordsToken } from '../../db/schema/index.js';

export async function insertToken(db: DbOrTx, row: { tokenHash: string; manufacturerId: number; userId: number; expiresAt: Date }) {
  const [created] = await db.insert(validationRecordsToken).values(row).returning({ id: validationRecordsToken.id });
  return created;
}

/**
 * Takes the token once: marks it used when it is the manufacturer's, unused and not expired, in one
 * statement (two tabs opening it at once: one wins). Undefined otherwise.
 */
export async function takeToken(db: DbOrTx, tokenHash: string, manufacturerId: number, now: Date) {
  const [row] = await db
    .update(validationRecordsToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(validationRecordsToken.tokenHash, tokenHash),
        eq(validationRecordsToken.manufacturerId, manufacturerId),
        isNull(validationRecordsToken.usedAt),
        gt(validationRecordsToken.expiresAt, now),
      ),
    )
    .returning({ id: validationRecordsToken.id, userId: validationRecordsToken.userId });
  return row;
}

/** Forgets tokens expired before the instant (they open nothing any more). */
export async function deleteExpiredTokens(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(validationRecordsToken).where(lt(validationRecordsToken.expiresAt, before));
}

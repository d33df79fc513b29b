import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { previewGrantUse } from '../../db/schema/index.js';

/**
 * Records the first use of a preview grant (its token's id) in one statement: true for the first
 * use, false for any later one, whichever server process it reaches (decision 0050). Rows of
 * grants that have expired are removed first: their tokens no longer verify.
 */
export async function useGrantOnce(db: DbOrTx, grantId: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  await db.delete(previewGrantUse).where(lt(previewGrantUse.expiresAt, now));
  const recorded = await db
    .insert(previewGrantUse)
    .values({ grantId, expiresAt, usedAt: now })
    .onConflictDoNothing()
    .returning({ grantId: previewGrantUse.grantId });
  return recorded.length === 1;
}

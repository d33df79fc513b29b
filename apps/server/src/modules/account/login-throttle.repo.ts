import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottle } from '../../db/schema/index.js';
import { instant } from '../../db/sql.js';

/** When the address may try again, if that is later than `now`. */
export async function throttledUntil(db: DbOrTx, address: string, now = new Date()): Promise<Date | undefined> {
  const [row] = await db
    .select({ nextAllowedAt: loginThrottle.nextAllowedAt })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.address, address), gt(loginThrottle.nextAllowedAt, now)));
  return row?.nextAllowedAt ?? undefined;
}

/**
 * Counts one failed attempt of an address atomically (concurrent failures from several processes
 * each count) and returns the address's failures since its count was last forgotten: the count
 * starts again at one when the previous failure is older than `forgetBefore`. Some rows of
 * addresses quiet since then are deleted on the way, so the table holds only the recently failing
 * ones; rows another transaction holds are skipped, so that two failures never wait on each other.
 */
export async function countAddressFailure(tx: DbOrTx, address: string, now: Date, forgetBefore: Date): Promise<number> {
  const forgotten = sql`${loginThrottle.lastFailureAt} < ${instant(forgetBefore)}`;
  const [row] = await tx
    .insert(loginThrottle)
    .values({ address, failures: 1, firstFailureAt: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.address,
      set: {
        failures: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        firstFailureAt: sql`CASE WHEN ${forgotten} THEN ${instant(now)} ELSE ${loginThrottle.firstFailureAt} END`,
        lastFailureAt: now,
        nextAllowedAt: sql`CASE WHEN ${forgotten} THEN NULL ELSE ${loginThrottle.nextAllowedAt} END`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const stale = tx
    .select({ address: loginThrottle.address })
    .from(loginThrottle)
    .where(lt(loginThrottle.lastFailureAt, forgetBefore))
    .limit(100)
    .for('update', { skipLocked: true });
  await tx.delete(loginThrottle).where(inArray(loginThrottle.address, stale));
  return row.failures;
}

/** Makes the address wait until `until` (never shortens a longer wait set by a concurrent failure). */
export async function delayAddress(tx: DbOrTx, address: string, until: Date): Promise<void> {
  await tx
    .update(loginThrottle)
    .set({ nextAllowedAt: sql`greatest(coalesce(${loginThrottle.nextAllowedAt}, ${instant(until)}), ${instant(until)})` })
    .where(eq(loginThrottle.address, address));
}

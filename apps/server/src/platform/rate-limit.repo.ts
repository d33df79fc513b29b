import { inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateLimitWindows } from '../db/schema/index.js';

const w = rateLimitWindows;
/** One instant for the whole statement, on the database's clock: every process counts by the same clock. */
const at = sql`statement_timestamp()`;
const ended = sql`${w.endsAt} <= ${at}`;

/**
 * Counts one request of a key in its fixed window, atomically across processes (decision 0068):
 * the first request opens a window of `windowMs`; a window that has ended counts again from one
 * in the same statement. Returns the count in the window and the milliseconds until it ends.
 */
export async function countInWindow(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const windowEnd = sql`${at} + ${Math.max(1, Math.trunc(windowMs))}::double precision * interval '1 millisecond'`;
  const [row] = await db
    .insert(w)
    .values({ key, count: 1, endsAt: windowEnd })
    .onConflictDoUpdate({
      target: w.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN 1 ELSE least(${w.count}, 2147483646) + 1 END`,
        endsAt: sql`CASE WHEN ${ended} THEN excluded.ends_at ELSE ${w.endsAt} END`,
      },
    })
    .returning({ count: w.count, ttlMs: sql<number>`(extract(epoch FROM ${w.endsAt} - ${at}) * 1000)::double precision` });
  return { count: row.count, ttlMs: Math.max(0, Math.ceil(Number(row.ttlMs))) };
}

/**
 * Deletes up to `batch` windows that ended; rows another transaction holds are skipped, so that
 * pruning never waits on a request being counted. Returns how many were deleted.
 */
export async function pruneEndedWindows(db: DbOrTx, batch = 5000): Promise<number> {
  const stale = db
    .select({ key: w.key })
    .from(w)
    .where(lt(w.endsAt, sql`${at}`))
    .limit(batch)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(w).where(inArray(w.key, stale)).returning({ key: w.key });
  return deleted.length;
}

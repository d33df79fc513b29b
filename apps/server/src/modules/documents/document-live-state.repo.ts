import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf } from '../../db/sql.js';
import { keptStateHolds, liveContentSql } from './documents.repo.js';

/** How many documents one transaction of the refresh recomputes (and locks). */
const BATCH = 2000;

/**
 * Recomputes the kept publish state (decision 0066) of the documents of a unit (every unit when
 * none is named) whose kept state does not hold any more: computed against another live content
 * (a publish or a restore since), or now outside its window (a date passed). A batch per
 * transaction, each recomputed by the same database function as the file triggers use; answers how
 * many were recomputed. Ends: a recomputed document holds, unless the live content changes again.
 */
export async function refreshLiveStates(db: Db, businessUnitId?: number): Promise<number> {
  const unit = businessUnitId === undefined ? sql`true` : sql`d.business_unit_id = ${businessUnitId}`;
  const holds = keptStateHolds('d', liveContentSql(businessUnitId ?? sql.raw('d.business_unit_id')));
  let done = 0;
  let lastId = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const found = (
        await rowsOf<{ id: number }>(
          tx,
          sql`SELECT d.id FROM "document" d WHERE ${unit} AND d.id > ${lastId} AND NOT coalesce(${holds}, false)
            ORDER BY d.id LIMIT ${BATCH}`,
        )
      ).map((r) => Number(r.id));
      if (found.length > 0) await tx.execute(sql`SELECT document_keep_live_state(${intArray(found)})`);
      return found;
    });
    done += ids.length;
    if (ids.length < BATCH) return done;
    lastId = ids[ids.length - 1];
  }
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The units whose public site is live at an instant (their highest-numbered publication created by
 * then marks them active), by slug: what `/.well-known/gs1resolver` at the server's root lists as
 * its resolvers (decision 0049). One row per unit from the `(business_unit_id, number)` index; at
 * most `limit` units.
 */
export interface LiveUnit {
  slug: string;
  displayName: string;
  manufacturerName: string;
}

export async function liveUnits(db: DbOrTx, at: Date, limit = 1000): Promise<LiveUnit[]> {
  const result = (await db.execute(sql`
    SELECT slug, "displayName", "manufacturerName" FROM (
      SELECT DISTINCT ON (business_unit_id)
        site->'unit'->>'slug' AS slug, site->'unit'->>'displayName' AS "displayName",
        site->'manufacturer'->>'name' AS "manufacturerName", (site->'unit'->>'active')::boolean AS active
      FROM publication
      WHERE number IS NOT NULL AND created_date <= ${at.toISOString()}::timestamptz
      ORDER BY business_unit_id, number DESC
    ) live
    WHERE active
    ORDER BY slug
    LIMIT ${limit}`)) as unknown as { rows: LiveUnit[] };
  return result.rows;
}

import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, intArray, rowsOf } from '../../db/sql.js';

/**
 * The read model's SQL of the live publication: a unit's by id or slug, and every unit's live site.
 * The rules of every statement of the read model are in index.ts.
 */

export interface LiveRow {
  id: number;
  number: number;
  kind: string;
  createdDate: string;
  businessUnitId: number;
  contentId: number;
  /** The content publication's site; null when its id was among the known ones (the caller has it). */
  site: unknown | null;
  /** With `withNext`: the earliest creation date after the instant asked about of any unit's publication (null: none). */
  nextCreated?: string | null;
}

const liveColumns = (knownIds: readonly number[], at: Date, withNext: boolean) => sql`
  p.id, p.number, p.kind, to_json(p.created_date) #>> '{}' AS "createdDate", p.business_unit_id AS "businessUnitId",
  p.content_id AS "contentId", CASE WHEN p.id = ANY(${intArray(knownIds)}) THEN NULL ELSE p.site END AS site
  ${
    withNext
      ? sql`, (SELECT to_json(min(x.created_date)) #>> '{}' FROM publication x
               WHERE x.number IS NOT NULL AND x.created_date > ${instant(at)}) AS "nextCreated"`
      : sql``
  }`;

/**
 * Every statement here that looks for the live publication asks for a number: a PREVIEW has none
 * and is never live (decision 0042).
 *
 * The unit's highest-numbered publication created at or before `at` (publication_unit_number_uq
 * walked backwards), with its site unless the caller already holds it. A publication carries its
 * own site (a restore or a change of the unit's status copies it); its pub_* rows are its content's.
 */
export function liveByUnitSql(unitId: number, at: Date, knownIds: readonly number[], withNext = false): SQL {
  return sql`SELECT ${liveColumns(knownIds, at, withNext)}
    FROM publication p
    WHERE p.business_unit_id = ${unitId} AND p.number IS NOT NULL AND p.created_date <= ${instant(at)}
    ORDER BY p.number DESC LIMIT 1`;
}

export async function liveByUnit(
  db: DbOrTx,
  unitId: number,
  at: Date,
  knownIds: readonly number[],
  withNext = false,
): Promise<LiveRow | null> {
  return (await rowsOf<LiveRow>(db, liveByUnitSql(unitId, at, knownIds, withNext)))[0] ?? null;
}

/**
 * The unit whose live publication at `at` carries this slug: each unit's live publication (one
 * index walk per unit), then its site's slug. Should two live sites carry it (a unit renamed to a
 * slug another unit left, before that one published again), the newer publication's unit wins.
 * Only when the caller has no idea of the unit yet.
 */
export async function liveBySlug(db: DbOrTx, slug: string, at: Date, knownIds: readonly number[]): Promise<LiveRow | null> {
  const found = await rowsOf<LiveRow>(
    db,
    sql`SELECT ${liveColumns(knownIds, at, true)}
      FROM (SELECT DISTINCT business_unit_id FROM publication WHERE number IS NOT NULL) u
      CROSS JOIN LATERAL (SELECT * FROM publication l WHERE l.business_unit_id = u.business_unit_id AND l.number IS NOT NULL
                            AND l.created_date <= ${instant(at)}
                          ORDER BY l.number DESC LIMIT 1) p
      WHERE p.site -> 'unit' ->> 'slug' = ${slug}
      ORDER BY p.created_date DESC, p.business_unit_id LIMIT 1`,
  );
  return found[0] ?? null;
}

export interface LiveSiteRow {
  slug: string;
  name: string;
  manufacturerName: string;
  active: boolean;
}

/** Every unit's live publication at `at` (one index walk per unit): its site's slug, name, manufacturer and status, by name. */
export async function liveSites(db: DbOrTx, at: Date): Promise<LiveSiteRow[]> {
  return rowsOf<LiveSiteRow>(
    db,
    sql`SELECT p.site -> 'unit' ->> 'slug' AS slug, p.site -> 'unit' ->> 'displayName' AS name,
        p.site -> 'manufacturer' ->> 'name' AS "manufacturerName",
        coalesce((p.site -> 'unit' ->> 'active')::boolean, false) AS active
      FROM (SELECT DISTINCT business_unit_id FROM publication WHERE number IS NOT NULL) u
      CROSS JOIN LATERAL (SELECT l.site FROM publication l WHERE l.business_unit_id = u.business_unit_id AND l.number IS NOT NULL
                            AND l.created_date <= ${instant(at)}
                          ORDER BY l.number DESC LIMIT 1) p
      ORDER BY lower(p.site -> 'unit' ->> 'displayName') COLLATE "C", p.site -> 'unit' ->> 'slug' COLLATE "C"`,
  );
}

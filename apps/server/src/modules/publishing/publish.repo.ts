import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { businessUnit } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';

export interface StampOptions {
  includeFuture: boolean;
  /** The date the unpublished items get instead of the transaction's now(). */
  customDate: Date | null;
}

export interface Stamped {
  /** Unpublished items that got a date. */
  stamped: number;
  /** Scheduled items brought to now (includeFuture). */
  broughtForward: number;
}

const moment = (o: StampOptions) => sql`coalesce(${o.customDate ? o.customDate.toISOString() : null}::timestamptz, now())`;

/**
 * Stamps the products of the unit's ENABLED types (decision 0037) in one UPDATE: those without a
 * date get the publish moment (customDate, else the transaction's now()); with includeFuture those
 * dated after now() are brought to now(). Their version moves on, so a form opened before the
 * publish cannot write its stale date back (409).
 */
export async function stampProducts(tx: Tx, businessUnitId: number, o: StampOptions): Promise<Stamped> {
  const [row] = await rowsOf<Stamped>(
    tx,
    sql`
    WITH target AS (
      SELECT p.id, p.publish_date IS NULL AS unpublished
      FROM product p JOIN product_type t ON t.id = p.product_type_id
      WHERE p.business_unit_id = ${businessUnitId} AND t.status = 'ENABLED'
        AND (p.publish_date IS NULL OR (${o.includeFuture}::boolean AND p.publish_date > now()))
    ), done AS (
      UPDATE product p
      SET publish_date = CASE WHEN target.unpublished THEN ${moment(o)} ELSE now() END, version = p.version + 1
      FROM target WHERE p.id = target.id
      RETURNING target.unpublished
    )
    SELECT (count(*) FILTER (WHERE unpublished))::int AS stamped, (count(*) FILTER (WHERE NOT unpublished))::int AS "broughtForward"
    FROM done`,
  );
  return { stamped: Number(row.stamped), broughtForward: Number(row.broughtForward) };
}

/**
 * Stamps the current versions of the unit's files that are not archived, in one UPDATE: those
 * with a binary and no date get the publish moment; with includeFuture those dated after now()
 * are brought to now(). Superseded versions are never touched: never public, they stay so. The
 * file's current publish date follows by its trigger (migration 0014).
 */
export async function stampFileVersions(tx: Tx, businessUnitId: number, o: StampOptions): Promise<Stamped> {
  const [row] = await rowsOf<Stamped>(
    tx,
    sql`
    WITH target AS (
      SELECT v.id, v.publish_date IS NULL AS unpublished
      FROM file f JOIN file_version v ON v.id = f.current_version_id
      WHERE f.business_unit_id = ${businessUnitId} AND (f.archive_date IS NULL OR f.archive_date > now())
        AND ((v.publish_date IS NULL AND v.binary_key IS NOT NULL)
          OR (${o.includeFuture}::boolean AND v.publish_date > now()))
    ), done AS (
      UPDATE file_version v
      SET publish_date = CASE WHEN target.unpublished THEN ${moment(o)} ELSE now() END, version = v.version + 1
      FROM target WHERE v.id = target.id
      RETURNING target.unpublished
    )
    SELECT (count(*) FILTER (WHERE unpublished))::int AS stamped, (count(*) FILTER (WHERE NOT unpublished))::int AS "broughtForward"
    FROM done`,
  );
  return { stamped: Number(row.stamped), broughtForward: Number(row.broughtForward) };
}

/** Bounds the publish's statements (PostgreSQL and PGlite alike). */
export async function limitStatements(tx: Tx, minutes: number): Promise<void> {
  await tx.execute(sql.raw(`SET LOCAL statement_timeout = '${Math.trunc(minutes)}min'`));
}

/** The unit's row as a publish compiles it into the site (settings, languages, layout, CSS); undefined for unit 0 or none. */
export async function unitToPublish(db: DbOrTx, businessUnitId: number) {
  const [row] = await db
    .select()
    .from(businessUnit)
    .where(and(eq(businessUnit.id, businessUnitId), gt(businessUnit.id, GLOBAL_BUSINESS_UNIT_ID)));
  return row;
}

import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, intArray, rowsOf } from '../../db/sql.js';

/**
 * Retention of what was public (decision 0070), in SQL: which file versions a numbered publication
 * ever held (previews never were public), the rule that holds each the longest (the products its
 * document documented in those publications, their end-of-life date plus their product type's
 * years), whether the unit's live publication holds it, and the purge's deletes.
 */

/** One held version with its rule; dates as ISO text, `until` null when held indefinitely. */
export interface RetainedRow {
  fileVersionId: number;
  fileId: number;
  fileName: string;
  documentId: number;
  documentNumber: string;
  versionLabel: string;
  versionDate: string;
  publishDate: string | null;
  archiveDate: string | null;
  binaryKey: string | null;
  businessUnitId: number;
  productTypeId: number | null;
  productTypeName: string | null;
  retentionYears: number | null;
  implantable: boolean | null;
  endOfLifeDate: string | null;
  basis: 'END_OF_LIFE' | 'NO_END_DATE' | 'NO_PRODUCT';
  until: string | null;
  live: boolean;
  purgeable: boolean;
}

const isoInstant = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Which versions to look at: a unit's, or those of some files or documents (of any unit). */
export type Scope = { unitId: number } | { fileIds: readonly number[] } | { documentIds: readonly number[] };

function scopeCondition(scope: Scope): SQL {
  if ('unitId' in scope) return sql`fv.business_unit_id = ${scope.unitId}`;
  if ('fileIds' in scope) return sql`fv.file_id = ANY(${intArray(scope.fileIds)})`;
  return sql`f.document_id = ANY(${intArray(scope.documentIds)})`;
}

/**
 * The held versions of the scope as a statement to select from (`judged`), evaluated at `now`: a
 * version is kept through its `until` day (UTC) and purgeable the day after, unless the live
 * publication shows it (holds it and its file is not archived there at `now`: the site serves it).
 */
function reportCte(scope: Scope, now: Date): SQL {
  const today = now.toISOString().slice(0, 10);
  return sql`
    WITH held AS (
      SELECT DISTINCT pfv.file_version_id, pfv.publication_id AS content_id, pfv.document_id
      FROM pub_file_version pfv
      JOIN publication p ON p.id = pfv.publication_id AND p.number IS NOT NULL
      JOIN file_version fv ON fv.id = pfv.file_version_id
      JOIN file f ON f.id = fv.file_id
      WHERE ${scopeCondition(scope)}
    ),
    rules AS (
      SELECT h.file_version_id,
             CASE WHEN pr.id IS NULL THEN 'NO_PRODUCT' WHEN pr.end_of_life_date IS NULL THEN 'NO_END_DATE' ELSE 'END_OF_LIFE' END AS basis,
             CASE WHEN pr.end_of_life_date IS NULL THEN 'infinity'::date
                  ELSE (pr.end_of_life_date
                        + make_interval(years => greatest(pt.retention_years, CASE WHEN pt.implantable THEN 15 ELSE 2 END)))::date
             END AS until,
             pt.id AS type_id, pt.name AS type_name, pt.retention_years, pt.implantable, pr.end_of_life_date
      FROM held h
      LEFT JOIN pub_document_product pdp ON pdp.publication_id = h.content_id AND pdp.document_id = h.document_id
      LEFT JOIN product pr ON pr.id = pdp.product_id
      LEFT JOIN product_type pt ON pt.id = pr.product_type_id
    ),
    ruled AS (
      SELECT DISTINCT ON (file_version_id) * FROM rules ORDER BY file_version_id, until DESC, type_id NULLS FIRST
    ),
    live AS (
      SELECT DISTINCT ON (business_unit_id) business_unit_id, content_id FROM publication
      WHERE number IS NOT NULL ORDER BY business_unit_id, number DESC
    ),
    report AS (
      SELECT fv.id AS "fileVersionId", fv.file_id AS "fileId", f.name AS "fileName", f.document_id AS "documentId",
             d.number AS "documentNumber", fv.label AS "versionLabel", fv.version_date::text AS "versionDate",
             ${isoInstant(sql`fv.publish_date`)} AS "publishDate", ${isoInstant(sql`f.archive_date`)} AS "archiveDate",
             fv.binary_key AS "binaryKey", fv.business_unit_id AS "businessUnitId",
             r.type_id AS "productTypeId", r.type_name AS "productTypeName", r.retention_years AS "retentionYears",
             r.implantable, r.end_of_life_date::text AS "endOfLifeDate", r.basis,
             CASE WHEN r.until = 'infinity'::date THEN NULL ELSE r.until::text END AS until, r.until AS until_order,
             EXISTS (SELECT 1 FROM live l JOIN pub_file_version lv ON lv.publication_id = l.content_id
                     WHERE l.business_unit_id = fv.business_unit_id AND lv.file_version_id = fv.id
                       AND (lv.archive_date IS NULL OR lv.archive_date > ${instant(now)})) AS live
      FROM ruled r
      JOIN file_version fv ON fv.id = r.file_version_id
      JOIN file f ON f.id = fv.file_id
      JOIN document d ON d.id = f.document_id
    ),
    judged AS (
      SELECT *, (NOT live AND until_order < ${today}::date) AS purgeable FROM report
    )`;
}

/** The held versions of a scope, soonest purgeable first (indefinitely held last). */
export async function retainedVersions(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  page?: { limit: number; offset: number; purgeableOnly: boolean },
): Promise<RetainedRow[]> {
  const where = page?.purgeableOnly ? sql`WHERE purgeable` : sql``;
  const limit = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  return rowsOf<RetainedRow>(
    db,
    sql`${reportCte(scope, now)}
        SELECT * FROM judged ${where} ORDER BY until_order, "fileVersionId" ${limit}`,
  );
}

/** How many versions of a unit are held, and how many may be purged now. */
export async function retainedCounts(db: DbOrTx, unitId: number, now: Date): Promise<{ held: number; purgeable: number }> {
  const [row] = await rowsOf<{ held: number; purgeable: number }>(
    db,
    sql`${reportCte({ unitId }, now)}
        SELECT count(*)::int AS held, (count(*) FILTER (WHERE purgeable))::int AS purgeable FROM judged`,
  );
  return row;
}

/** The units that have a numbered publication (the daily purge walks them). */
export async function publishedUnits(db: DbOrTx): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT DISTINCT business_unit_id AS id FROM publication WHERE number IS NOT NULL ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

/** Locks the versions (a concurrent delete or purge waits) and answers those still there. */
export async function lockVersions(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM file_version WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR UPDATE`);
  return rows.map((r) => r.id);
}

/** Deletes versions; answers the files left without any version (deleted too). */
export async function deleteVersions(tx: DbOrTx, ids: readonly number[]): Promise<{ id: number; name: string; documentId: number }[]> {
  if (ids.length === 0) return [];
  const files = await rowsOf<{ file_id: number }>(tx, sql`DELETE FROM file_version WHERE id = ANY(${intArray(ids)}) RETURNING file_id`);
  const fileIds = [...new Set(files.map((f) => f.file_id))];
  if (fileIds.length === 0) return [];
  return rowsOf<{ id: number; name: string; documentId: number }>(
    tx,
    sql`DELETE FROM file f WHERE f.id = ANY(${intArray(fileIds)})
          AND NOT EXISTS (SELECT 1 FROM file_version v WHERE v.file_id = f.id)
        RETURNING f.id, f.name, f.document_id AS "documentId"`,
  );
}

/**
 * Deletes the documents among these (those whose files the purge just removed) that are left
 * without any file; their product links and attribute values go with them (ON DELETE CASCADE).
 */
export async function deleteEmptiedDocuments(
  tx: DbOrTx,
  ids: readonly number[],
): Promise<{ id: number; number: string; businessUnitId: number }[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: number; number: string; businessUnitId: number }>(
    tx,
    sql`DELETE FROM document d WHERE d.id = ANY(${intArray([...new Set(ids)])})
          AND NOT EXISTS (SELECT 1 FROM file f WHERE f.document_id = d.id)
        RETURNING d.id, d.number, d.business_unit_id AS "businessUnitId"`,
  );
}

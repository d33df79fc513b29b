import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { internationalization, internationalizationCount } from '../../db/schema/index.js';
import { rowsOf, textArray } from '../../db/sql.js';

/*
 * The translator's list in SQL (decision 0089): the keys of the record types built from each owning
 * area's statement of its records, joined to the translations of the listed languages, filtered,
 * sorted and paged by the database; the counts per language from the kept counts.
 */

/** A record type as the list reads it: its name, its translatable fields and its area's statement of records. */
export interface KeySource {
  entityName: string;
  fields: readonly string[];
  /** Columns `id`, `label` and one per field, named as the field. */
  query: SQL;
}

/** One row of the page: a record's field in one language. */
export interface ListedKey {
  entityName: string;
  entityId: number;
  field: string;
  label: string;
  sourceValue: string;
  translationKey: string;
  language: string;
  translatedValue: string | null;
  cloudStorageObjectKey: string | null;
}

export interface ListRequest {
  /** The languages listed (English alone lists the dictionary). */
  languages: readonly string[];
  dictionary: boolean;
  missing: boolean;
  search?: string;
  sortField: 'translationKey' | 'sourceValue' | 'translatedValue';
  descending: boolean;
  page: number;
  size: number;
}

/** Every record's field of the sources with its English value (empty or null ones too). */
function keysOf(sources: readonly KeySource[]): SQL {
  const parts = sources.map((s) => {
    const values = sql.join(
      s.fields.map((f) => sql`(${f}::text, s.${sql.identifier(f)}::text)`),
      sql`, `,
    );
    return sql`SELECT ${s.entityName}::text AS entity_name, s.id AS entity_id, f.field, s.label::text AS label, f.value AS source_value
      FROM (${s.query}) AS s CROSS JOIN LATERAL (VALUES ${values}) AS f(field, value)`;
  });
  return sql.join(parts, sql` UNION ALL `);
}

const KEY = sql`k.entity_name || '.' || k.entity_id || '.' || k.field`;
const SORT_COLUMNS = { translationKey: sql`r.translation_key`, sourceValue: sql`r.source_value`, translatedValue: sql`r.translated_value` };

/**
 * The translations `t` of a row `r` (its key and language): the unit's, of the listed record types and
 * languages, named as constants too so that the planner reads them from the index
 * `(business_unit_id, entity_name, interface_language_iso, translation_key)` instead of the unit's all.
 */
function translationOf(unitId: number, sources: readonly KeySource[], q: ListRequest): SQL {
  return sql`t.business_unit_id = ${unitId}
    AND t.entity_name = ANY(${textArray(sources.map((s) => s.entityName))}) AND t.entity_name = r.entity_name
    AND t.interface_language_iso = ANY(${textArray(q.languages)}) AND t.interface_language_iso = r.language
    AND t.translation_key = r.translation_key`;
}

/** The keys with an English value in the languages (missing: those without a translation), as `r` rows. */
function keyRows(unitId: number, sources: readonly KeySource[], q: ListRequest): SQL {
  const missing = q.missing
    ? sql`WHERE NOT EXISTS (SELECT 1 FROM ${internationalization} t WHERE ${translationOf(unitId, sources, q)})`
    : sql``;
  return sql`SELECT * FROM (SELECT k.entity_name, k.entity_id, k.field, k.label, k.source_value, ${KEY} AS translation_key, l.language
      FROM (${keysOf(sources)}) AS k CROSS JOIN unnest(${textArray(q.languages)}) AS l(language)
      WHERE k.source_value <> '') AS r ${missing}`;
}

/** The rows `r` with their translation (English: the source itself). */
function withTranslation(unitId: number, sources: readonly KeySource[], q: ListRequest, rows: SQL): SQL {
  if (q.dictionary) return sql`SELECT r.*, r.source_value AS translated_value, NULL::text AS cloud_storage_object_key FROM (${rows}) AS r`;
  return sql`SELECT r.*, t.translated_value, t.cloud_storage_object_key FROM (${rows}) AS r
    LEFT JOIN ${internationalization} t ON ${translationOf(unitId, sources, q)}`;
}

/** The rows whose key, English value or translation contains the searched text (ignoring case). */
function searched(rows: SQL, search: string): SQL {
  const needle = sql`lower(${search})`;
  return sql`SELECT * FROM (${rows}) AS r WHERE strpos(lower(r.translation_key), ${needle}) > 0
    OR strpos(lower(r.source_value), ${needle}) > 0 OR strpos(lower(coalesce(r.translated_value, '')), ${needle}) > 0`;
}

interface PageRow {
  entity_name: string;
  entity_id: number;
  field: string;
  label: string;
  source_value: string;
  translation_key: string;
  language: string;
  translated_value: string | null;
  cloud_storage_object_key: string | null;
  total?: number;
}

const listed = (r: PageRow): ListedKey => ({
  entityName: r.entity_name,
  entityId: Number(r.entity_id),
  field: r.field,
  label: r.label,
  sourceValue: r.source_value,
  translationKey: r.translation_key,
  language: r.language,
  translatedValue: r.translated_value,
  cloudStorageObjectKey: r.cloud_storage_object_key,
});

/**
 * One page of the list: sorted by the lowercase value of the sort field (either way), then by key
 * and language (both ascending), as code points. The translations are read for the page's rows
 * only, unless the search or the sort needs them all. With a search, the number of matching rows
 * comes with the page; without, `total` is left out: the caller knows it from the counts (every
 * key in each language, or the missing ones).
 */
export async function listPage(
  db: DbOrTx,
  unitId: number,
  sources: readonly KeySource[],
  q: ListRequest,
): Promise<{ rows: ListedKey[]; total?: number }> {
  if (sources.length === 0 || q.languages.length === 0) return { rows: [], total: 0 };
  const first = sql`lower(coalesce(${SORT_COLUMNS[q.sortField]}, '')) COLLATE "C" ${q.descending ? sql`DESC` : sql`ASC`}`;
  const order = sql`${first}, r.translation_key COLLATE "C", r.language COLLATE "C"`;
  const offset = q.page * q.size;
  const keys = keyRows(unitId, sources, q);
  if (q.search) {
    const rows = searched(withTranslation(unitId, sources, q, keys), q.search);
    const page = await rowsOf<PageRow>(
      db,
      sql`SELECT r.*, (count(*) OVER ())::int AS total FROM (${rows}) AS r ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset}`,
    );
    let total = page[0]?.total;
    if (total === undefined)
      total = q.page === 0 ? 0 : (await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${rows}) AS r`))[0].n;
    return { rows: page.map(listed), total: Number(total) };
  }
  let statement: SQL;
  if (q.sortField === 'translatedValue')
    statement = sql`SELECT * FROM (${withTranslation(unitId, sources, q, keys)}) AS r ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset}`;
  else if (q.missing)
    statement = withTranslation(unitId, sources, q, sql`SELECT * FROM (${keys}) AS r ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset}`);
  else {
    // every key in every language: rows come key by key, each in the languages' order, so the
    // page's keys are sorted and sliced first, and only they are crossed with the languages
    const n = q.languages.length;
    const firstKey = Math.floor(offset / n);
    const lastKey = Math.floor((offset + q.size - 1) / n);
    const pageKeys = sql`SELECT k.entity_name, k.entity_id, k.field, k.label, k.source_value, ${KEY} AS translation_key
      FROM (${keysOf(sources)}) AS k WHERE k.source_value <> ''`;
    const sliced = sql`SELECT * FROM (SELECT r.*, l.language FROM (SELECT * FROM (${pageKeys}) AS r ORDER BY ${first}, r.translation_key COLLATE "C"
        LIMIT ${lastKey - firstKey + 1} OFFSET ${firstKey}) AS r CROSS JOIN unnest(${textArray(q.languages)}) AS l(language)) AS r
      ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset - firstKey * n}`;
    statement = withTranslation(unitId, sources, q, sliced);
  }
  const page = await rowsOf<PageRow>(db, sql`SELECT * FROM (${statement}) AS r ORDER BY ${order}`);
  return { rows: page.map(listed) };
}

/**
 * In one statement, for the list's counts (decision 0089): the number of keys (record fields with an
 * English value) of the sources; per language the kept translations of their fields (migration
 * 0045); and per language the translations of record fields whose English value is empty (kept
 * but not keys), read only for fields that have kept translations. Each source is read once for
 * its keys and once per such field.
 */
export async function translationCounts(
  db: DbOrTx,
  unitId: number,
  sources: readonly KeySource[],
  languages: readonly string[],
): Promise<{ keys: number; translated: Map<string, number>; emptied: Map<string, number> }> {
  const none = { keys: 0, translated: new Map<string, number>(), emptied: new Map<string, number>() };
  if (sources.length === 0) return none;
  const value = (f: string) => sql`s.${sql.identifier(f)}::text`;
  const keys = sql.join(
    sources.map(
      (s) =>
        sql`(SELECT ${sql.join(
          s.fields.map((f) => sql`count(*) FILTER (WHERE ${value(f)} <> '')`),
          sql` + `,
        )} FROM (${s.query}) AS s)`,
    ),
    sql` + `,
  );
  const fields = textArray(sources.flatMap((s) => s.fields.map((f) => `${s.entityName}.${f}`)));
  const kept = (entityName: string, field: string) => sql`EXISTS (SELECT 1 FROM ${internationalizationCount} c
    WHERE c.business_unit_id = ${unitId} AND c.entity_name = ${entityName} AND c.field = ${field} AND c.translations > 0)`;
  const emptiedKeys = sql.join(
    sources.flatMap((s) =>
      s.fields.map(
        (f) =>
          sql`SELECT ${s.entityName}::text || '.' || s.id || '.' || ${f}::text AS translation_key FROM (${s.query}) AS s
            WHERE coalesce(${value(f)}, '') = '' AND ${kept(s.entityName, f)}`,
      ),
    ),
    sql` UNION ALL `,
  );
  const rows = await rowsOf<{ kind: 'keys' | 'kept' | 'emptied'; language: string | null; n: number }>(
    db,
    sql`SELECT 'keys' AS kind, NULL::text AS language, (${keys})::int AS n
      UNION ALL
      SELECT 'kept', c.interface_language_iso, sum(c.translations)::int FROM ${internationalizationCount} c
      WHERE c.business_unit_id = ${unitId} AND c.entity_name || '.' || c.field = ANY(${fields})
        AND c.interface_language_iso = ANY(${textArray(languages)})
      GROUP BY c.interface_language_iso
      UNION ALL
      SELECT 'emptied', t.interface_language_iso, count(*)::int FROM (${emptiedKeys}) AS e
      JOIN ${internationalization} t ON t.business_unit_id = ${unitId} AND t.translation_key = e.translation_key
      GROUP BY t.interface_language_iso`,
  );
  const byLanguage = (kind: string) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.language as string, Number(r.n)]));
  return { keys: Number(rows.find((r) => r.kind === 'keys')?.n ?? 0), translated: byLanguage('kept'), emptied: byLanguage('emptied') };
}

import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The only SQL of the public read model (decision 0038). It reads `publication` and the pub_*
 * tables, never the admin tables. Every statement takes the content publication's id and the
 * instant `at`; publish and archive dates are compared with `at`, never with now(). The builders
 * return the statement so that the benchmark runs the very same text directly.
 */

/** An instant as a typed parameter (the same text on PostgreSQL and PGlite). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** An int[] parameter as one array literal (drizzle would spread a JS array into a list). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** LIKE metacharacters taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type Match = 'EXACT' | 'PARTIAL';

/** EXACT (and dropdown): equal ignoring case; PARTIAL: contains, ignoring case (pg_trgm GIN). */
function matches(lowered: SQL, value: string, mode: Match): SQL {
  return mode === 'EXACT' ? sql`${lowered} = lower(${value})` : sql`${lowered} LIKE '%' || lower(${escapeLike(value)}) || '%'`;
}

/** json and jsonb come back parsed from node-postgres and PGlite alike; a string is parsed here to be sure. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// the live publication

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
  return (await rows<LiveRow>(db, liveByUnitSql(unitId, at, knownIds, withNext)))[0] ?? null;
}

/**
 * The unit whose live publication at `at` carries this slug: each unit's live publication (one
 * index walk per unit), then its site's slug. Should two live sites carry it (a unit renamed to a
 * slug another unit left, before that one published again), the newer publication's unit wins.
 * Only when the caller has no idea of the unit yet.
 */
export async function liveBySlug(db: DbOrTx, slug: string, at: Date, knownIds: readonly number[]): Promise<LiveRow | null> {
  const found = await rows<LiveRow>(
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
  return rows<LiveSiteRow>(
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

// ---------------------------------------------------------------------------------------------
// products

export interface ProductFilter {
  contentId: number;
  productTypeId: number;
  at: Date;
  keyCode?: { value: string; match: Match };
  attributes: { attributeDefinitionId: number; value: string; match: Match }[];
  lot?: string;
  /** The attribute definitions whose values the audience sees. */
  shownAttributeIds: readonly number[];
}

/** The lot ranges of the type holding the lot and not archived at `at` (pub_lot_range_lot_keys_idx). */
const lotRanges = (f: { contentId: number; productTypeId: number; at: Date }, lot: string) => sql`
  SELECT r.lot_range_id, r.applies_to_all FROM pub_lot_range r
  WHERE r.publication_id = ${f.contentId} AND r.lot_keys @> ARRAY[lower(${lot})]::text[] AND r.product_type_id = ${f.productTypeId}
    AND (r.archive_date IS NULL OR r.archive_date > ${instant(f.at)})`;

function productConditions(f: ProductFilter): SQL {
  const where: SQL[] = [
    sql`p.publication_id = ${f.contentId}`,
    sql`p.product_type_id = ${f.productTypeId}`,
    sql`p.publish_date <= ${instant(f.at)}`,
  ];
  if (f.keyCode) where.push(matches(sql`lower(p.key_code)`, f.keyCode.value, f.keyCode.match));
  for (const a of f.attributes) {
    where.push(
      sql`EXISTS (SELECT 1 FROM pub_attribute_value av WHERE av.publication_id = p.publication_id AND av.product_id = p.product_id
            AND av.attribute_definition_id = ${a.attributeDefinitionId} AND ${matches(sql`lower(av.value)`, a.value, a.match)})`,
    );
  }
  if (f.lot !== undefined) {
    // a range of the type that applies to all its products, or one linked to the product
    where.push(sql`(EXISTS (SELECT 1 FROM lots WHERE lots.applies_to_all)
                    OR p.lot_range_ids && (SELECT coalesce(array_agg(lots.lot_range_id), '{}') FROM lots))`);
  }
  return sql.join(where, sql` AND `);
}

/** The values of the shown attributes of one product, in the order of the definitions given. */
const shownValues = (contentId: number, productId: SQL, shownAttributeIds: readonly number[]) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', v.attribute_definition_id, 'value', v.value)
                           ORDER BY array_position(${intArray(shownAttributeIds)}, v.attribute_definition_id)), '[]'::json)
  FROM pub_attribute_value v
  WHERE v.publication_id = ${contentId} AND v.product_id = ${productId} AND v.attribute_definition_id = ANY(${intArray(shownAttributeIds)}))`;

/**
 * One page of the type's products visible at `at` that match, in key-code order, each with its
 * shown attribute values, and the total: one statement (the total and the page read the matches
 * once; a page past the end still answers the total in its one row with a null product).
 */
export function searchProductsSql(f: ProductFilter, page: { limit: number; offset: number }): SQL {
  const lots = f.lot !== undefined ? sql`lots AS (${lotRanges(f, f.lot)}),` : sql``;
  return sql`WITH ${lots} hits AS (
      SELECT p.product_id, p.key_code FROM pub_product p WHERE ${productConditions(f)}
    ), page AS (
      SELECT product_id, key_code FROM hits ORDER BY lower(key_code) COLLATE "C", product_id LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT t.total, page.product_id AS "productId", page.key_code AS "keyCode",
      CASE WHEN page.product_id IS NULL THEN NULL ELSE ${shownValues(f.contentId, sql`page.product_id`, f.shownAttributeIds)} END AS attributes
    FROM (SELECT count(*)::int AS total FROM hits) t LEFT JOIN page ON true
    ORDER BY lower(page.key_code) COLLATE "C", page.product_id`;
}

export interface ProductHitRow {
  total: number;
  productId: number | null;
  keyCode: string | null;
  attributes: unknown;
}

export async function searchProducts(db: DbOrTx, f: ProductFilter, page: { limit: number; offset: number }) {
  return rows<ProductHitRow>(db, searchProductsSql(f, page));
}

/**
 * The values of a dropdown field among the type's products visible at `at` (at most 1,000): one
 * per value ignoring case (the match ignores case too), in byte order so that every database
 * answers alike.
 */
export async function dropdownValues(
  db: DbOrTx,
  f: { contentId: number; productTypeId: number; at: Date; field: 'keyCode' | number },
): Promise<string[]> {
  const visible = sql`p.publication_id = ${f.contentId} AND p.product_type_id = ${f.productTypeId} AND p.publish_date <= ${instant(f.at)}`;
  const values =
    f.field === 'keyCode'
      ? sql`SELECT p.key_code AS value FROM pub_product p WHERE ${visible}`
      : sql`SELECT v.value FROM pub_attribute_value v
            JOIN pub_product p ON p.publication_id = v.publication_id AND p.product_id = v.product_id
            WHERE ${visible} AND v.publication_id = ${f.contentId} AND v.attribute_definition_id = ${f.field}`;
  const query = sql`SELECT min(value COLLATE "C") AS value FROM (${values}) x GROUP BY lower(value) ORDER BY lower(value) COLLATE "C" LIMIT 1000`;
  return (await rows<{ value: string }>(db, query)).map((r) => r.value);
}

export interface ProductRow {
  productId: number;
  productTypeId: number;
  keyCode: string;
  attributes: unknown;
  remarks: unknown;
}

/**
 * One product of the type visible at `at` (by key code, ignoring case, or by id), its shown
 * attribute values and the remarks of its groups for the audience by visualisation order.
 */
export function productSql(
  f: { contentId: number; productTypeId: number; at: Date; shownAttributeIds: readonly number[]; audience: 'HCP' | 'PATIENT' },
  ref: { keyCode: string } | { productId: number },
): SQL {
  const which = 'keyCode' in ref ? sql`lower(p.key_code) = lower(${ref.keyCode})` : sql`p.product_id = ${ref.productId}`;
  const forAudience = f.audience === 'HCP' ? sql`r.hcp` : sql`r.patient`;
  return sql`SELECT p.product_id AS "productId", p.product_type_id AS "productTypeId", p.key_code AS "keyCode",
      ${shownValues(f.contentId, sql`p.product_id`, f.shownAttributeIds)} AS attributes,
      (SELECT coalesce(json_agg(json_build_object('id', r.remark_id, 'content', r.content, 'storageKey', r.storage_key)
                                ORDER BY r.visualization_order, r.remark_id), '[]'::json)
         FROM pub_remark r
         WHERE r.publication_id = p.publication_id AND ${forAudience}
           AND r.remark_id IN (SELECT unnest(g.remark_ids) FROM pub_product_group g
                               WHERE g.publication_id = p.publication_id AND g.product_group_id = ANY(p.product_group_ids))) AS remarks
    FROM pub_product p
    WHERE p.publication_id = ${f.contentId} AND p.product_type_id = ${f.productTypeId} AND p.publish_date <= ${instant(f.at)} AND ${which}
    ORDER BY p.product_id LIMIT 1`;
}

export async function product(db: DbOrTx, f: Parameters<typeof productSql>[0], ref: Parameters<typeof productSql>[1]) {
  return (await rows<ProductRow>(db, productSql(f, ref)))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// documents and files

export interface DocumentFilesFilter {
  contentId: number;
  /** The product, or a scalar subquery naming it (the product page's one statement). */
  productId: number | SQL;
  at: Date;
  /** The product types shown to the audience, and those of them whose lot numbers are on. */
  productTypeIds: readonly number[];
  lotTypeIds: readonly number[];
  /** The document types shown to the audience. */
  documentTypeIds: readonly number[];
  /** The restricted groups the visitor belongs to (enabled ones only). */
  groupIds: readonly number[];
  country: string;
  lot: string | null;
  /** Only this document (the download of one of its files, or a document the document search found). */
  documentOf?: { fileVersionId: number } | { fileId: number } | { documentId: number };
  /** Include each version's binary key and checksum (downloads only). */
  withBinary?: boolean;
}

export interface DocumentFileRow {
  documentId: number;
  number: string;
  name: string;
  documentTypeId: number;
  productTypeId: number;
  keyCode: string;
  attributes: unknown;
  restrictedGroupIds: number[];
  fileId: number;
  /** The file as its newest public version's row says (countries, languages, lots, name…). */
  file: unknown;
  /** Its public versions, newest first. */
  versions: unknown;
}

/**
 * The files of the product's documents that apply to the visitor at `at`, one row per file with
 * all its public versions, newest first: the product visible and of a type shown to the audience;
 * documents of a type shown to the audience, open or restricted to one of the visitor's groups;
 * versions published at `at` of files not archived at `at`; rest-of-world files or files for the
 * country, in every language; files for all lots, or (lot numbers on for the
 * type) files with a non-archived range that is the product's (linked, or the type's
 * applies-to-all) and holds the lot when one is given. The language, rest-of-world and version
 * rules that compare files of a document are applied by the caller (documents.ts).
 */
export function documentFilesSql(f: DocumentFilesFilter): SQL {
  const at = instant(f.at);
  const lotHeld = f.lot !== null ? sql`AND r.lot_keys @> ARRAY[lower(${f.lot})]::text[]` : sql``;
  let onlyDocument = sql``;
  if (f.documentOf && 'documentId' in f.documentOf) {
    onlyDocument = sql`AND d.document_id = ${f.documentOf.documentId}`;
  } else if (f.documentOf) {
    const byVersion = 'fileVersionId' in f.documentOf;
    const id = 'fileVersionId' in f.documentOf ? f.documentOf.fileVersionId : f.documentOf.fileId;
    onlyDocument = sql`AND d.document_id = (SELECT o.document_id FROM pub_file_version o WHERE o.publication_id = ${f.contentId}
                         AND ${byVersion ? sql`o.file_version_id` : sql`o.file_id`} = ${id} LIMIT 1)`;
  }
  const binary = f.withBinary ? sql`, 'binaryKey', v.binary_key, 'sha256', v.sha256` : sql``;
  return sql`SELECT d.document_id AS "documentId", d.number, d.name, d.document_type_id AS "documentTypeId",
      p.product_type_id AS "productTypeId", p.key_code AS "keyCode", d.attributes, d.restricted_group_ids AS "restrictedGroupIds",
      fv.file_id AS "fileId", fv.file, fv.versions
    FROM pub_product p
    JOIN pub_document_product dp ON dp.publication_id = p.publication_id AND dp.product_id = p.product_id
    JOIN pub_document d ON d.publication_id = dp.publication_id AND d.document_id = dp.document_id
    CROSS JOIN LATERAL (
      SELECT v.file_id,
        (array_agg(json_build_object('name', v.file_name, 'countries', v.countries, 'languages', v.languages,
           'restOfTheWorld', v.rest_of_the_world, 'allLotNumbers', v.all_lot_numbers, 'historical', v.historical, 'remarks', v.remarks)
           ORDER BY v.version_date DESC, v.file_version_id DESC))[1] AS file,
        json_agg(json_build_object('id', v.file_version_id, 'label', v.label, 'versionDate', v.version_date, 'validTo', v.valid_to,
           'publishDate', v.publish_date, 'binaryName', v.binary_name, 'binarySize', v.binary_size, 'mediaType', v.media_type ${binary})
           ORDER BY v.version_date DESC, v.file_version_id DESC) AS versions
      FROM pub_file_version v
      WHERE v.publication_id = d.publication_id AND v.document_id = d.document_id
        AND v.publish_date <= ${at} AND (v.archive_date IS NULL OR v.archive_date > ${at})
        AND (v.rest_of_the_world OR upper(${f.country}) = ANY(v.countries))
        AND (v.all_lot_numbers OR (p.product_type_id = ANY(${intArray(f.lotTypeIds)}) AND EXISTS (
              SELECT 1 FROM pub_lot_range r
              WHERE r.publication_id = v.publication_id AND r.lot_range_id = ANY(v.lot_range_ids)
                AND (r.archive_date IS NULL OR r.archive_date > ${at})
                AND ((r.applies_to_all AND r.product_type_id = p.product_type_id) OR r.lot_range_id = ANY(p.lot_range_ids))
                ${lotHeld})))
      GROUP BY v.file_id
    ) fv
    WHERE p.publication_id = ${f.contentId} AND p.product_id = ${f.productId} AND p.publish_date <= ${at}
      AND p.product_type_id = ANY(${intArray(f.productTypeIds)})
      AND d.document_type_id = ANY(${intArray(f.documentTypeIds)})
      AND (cardinality(d.restricted_group_ids) = 0 OR d.restricted_group_ids && ${intArray(f.groupIds)})
      ${onlyDocument}`;
}

export async function documentFiles(db: DbOrTx, f: DocumentFilesFilter): Promise<DocumentFileRow[]> {
  return rows<DocumentFileRow>(db, documentFilesSql(f));
}

export interface ProductPageRow {
  product: ProductRow | null;
  files: DocumentFileRow[];
  /** With a lot: whether a range of the product (linked, or its type's applies-to-all) not archived at `at` holds it. */
  lotKnown: boolean | null;
}

/**
 * The product page's question in one statement: the product as `productSql` finds it, and the
 * files of its documents as `documentFilesSql` finds them for the visitor (none when `files` is
 * null: the site does not serve the visitor), each as JSON of the same rows.
 */
export function productPageSql(
  f: Parameters<typeof productSql>[0],
  ref: Parameters<typeof productSql>[1],
  files: Omit<DocumentFilesFilter, 'productId'> | null,
): SQL {
  const documents = files
    ? sql`(SELECT coalesce(json_agg(f), '[]'::json)
             FROM (${documentFilesSql({ ...files, productId: sql`(SELECT "productId" FROM product)` })}) f)`
    : sql`'[]'::json`;
  const lotKnown =
    files?.lot != null
      ? sql`EXISTS (SELECT 1 FROM pub_product p JOIN pub_lot_range r ON r.publication_id = p.publication_id
               WHERE p.publication_id = ${f.contentId} AND p.product_id = (SELECT "productId" FROM product)
                 AND r.lot_keys @> ARRAY[lower(${files.lot})]::text[]
                 AND (r.archive_date IS NULL OR r.archive_date > ${instant(f.at)})
                 AND ((r.applies_to_all AND r.product_type_id = p.product_type_id) OR r.lot_range_id = ANY(p.lot_range_ids)))`
      : sql`NULL::boolean`;
  return sql`WITH product AS (${productSql(f, ref)})
    SELECT (SELECT row_to_json(product) FROM product) AS product, ${documents} AS files, ${lotKnown} AS "lotKnown"`;
}

export async function productPage(
  db: DbOrTx,
  f: Parameters<typeof productSql>[0],
  ref: Parameters<typeof productSql>[1],
  files: Omit<DocumentFilesFilter, 'productId'> | null,
): Promise<ProductPageRow> {
  const [row] = await rows<{ product: unknown; files: unknown; lotKnown: boolean | null }>(db, productPageSql(f, ref, files));
  return {
    product: fromJson<ProductRow | null>(row?.product ?? null),
    files: fromJson<DocumentFileRow[]>(row?.files ?? []),
    lotKnown: row?.lotKnown ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// the document search (decision 0045)

export interface DocumentSearchFilter {
  contentId: number;
  at: Date;
  /** The product types shown to the audience: a document is found through one of their products. */
  productTypeIds: readonly number[];
  /** The document types shown to the audience. */
  documentTypeIds: readonly number[];
  /** The restricted groups the visitor belongs to (enabled ones only). */
  groupIds: readonly number[];
  country: string;
  /** Only documents with a file in this language; null: every language. */
  language: string | null;
  /** One text across number, name and the values of `textAttributeIds` (contains, ignoring case). */
  text?: string;
  textAttributeIds: readonly number[];
  /** Contains, ignoring case. */
  number?: string;
  name?: string;
  attributes: { attributeDefinitionId: number; value: string; match: Match }[];
}

/** A document attribute's value matches (the values are `[{attributeDefinitionId, value}]` in pub_document.attributes). */
const documentValue = (ids: SQL, value: string, mode: Match) => sql`EXISTS (
  SELECT 1 FROM jsonb_array_elements(d.attributes) a
  WHERE (a ->> 'attributeDefinitionId')::int = ANY(${ids}) AND ${matches(sql`lower(a ->> 'value')`, value, mode)})`;

/** Who may see a document at all: its type shown to the audience, open or restricted to one of the visitor's groups. */
const documentVisible = (f: { documentTypeIds: readonly number[]; groupIds: readonly number[] }) => sql`
  d.document_type_id = ANY(${intArray(f.documentTypeIds)})
  AND (cardinality(d.restricted_group_ids) = 0 OR d.restricted_group_ids && ${intArray(f.groupIds)})`;

/**
 * One page of the documents the visitor may see that match, by number (ignoring case) then id,
 * and the total: each with its first product (by key code) that is visible at `at` and of a type
 * shown to the audience, which gives its files their product context; documents without such a
 * product, or without a public file for the country (and language) at `at`, are not found.
 */
export function searchDocumentsSql(f: DocumentSearchFilter, page: { limit: number; offset: number }): SQL {
  const at = instant(f.at);
  const where: SQL[] = [sql`d.publication_id = ${f.contentId}`, documentVisible(f)];
  if (f.text) {
    const text = f.text;
    where.push(sql`(${matches(sql`lower(d.number)`, text, 'PARTIAL')} OR ${matches(sql`lower(d.name)`, text, 'PARTIAL')}
      ${f.textAttributeIds.length > 0 ? sql`OR ${documentValue(intArray(f.textAttributeIds), text, 'PARTIAL')}` : sql``})`);
  }
  if (f.number) where.push(matches(sql`lower(d.number)`, f.number, 'PARTIAL'));
  if (f.name) where.push(matches(sql`lower(d.name)`, f.name, 'PARTIAL'));
  for (const a of f.attributes) where.push(documentValue(intArray([a.attributeDefinitionId]), a.value, a.match));
  const language = f.language !== null ? sql`AND lower(${f.language}) = ANY(v.languages)` : sql``;
  where.push(sql`EXISTS (SELECT 1 FROM pub_file_version v
      WHERE v.publication_id = d.publication_id AND v.document_id = d.document_id
        AND v.publish_date <= ${at} AND (v.archive_date IS NULL OR v.archive_date > ${at})
        AND (v.rest_of_the_world OR upper(${f.country}) = ANY(v.countries)) ${language})`);
  return sql`WITH hits AS (
      SELECT d.document_id, d.number, rep.product_id, rep.product_type_id, rep.key_code
      FROM pub_document d
      CROSS JOIN LATERAL (
        SELECT p.product_id, p.product_type_id, p.key_code
        FROM pub_document_product dp
        JOIN pub_product p ON p.publication_id = dp.publication_id AND p.product_id = dp.product_id
        WHERE dp.publication_id = d.publication_id AND dp.document_id = d.document_id
          AND p.publish_date <= ${at} AND p.product_type_id = ANY(${intArray(f.productTypeIds)})
        ORDER BY lower(p.key_code) COLLATE "C", p.product_id LIMIT 1
      ) rep
      WHERE ${sql.join(where, sql` AND `)}
    ), page AS (
      SELECT * FROM hits ORDER BY lower(number) COLLATE "C", document_id LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT t.total, page.document_id AS "documentId", page.product_id AS "productId", page.product_type_id AS "productTypeId",
      page.key_code AS "keyCode"
    FROM (SELECT count(*)::int AS total FROM hits) t LEFT JOIN page ON true
    ORDER BY lower(page.number) COLLATE "C", page.document_id`;
}

export interface DocumentHitRow {
  total: number;
  documentId: number | null;
  productId: number | null;
  productTypeId: number | null;
  keyCode: string | null;
}

export async function searchDocuments(db: DbOrTx, f: DocumentSearchFilter, page: { limit: number; offset: number }) {
  return rows<DocumentHitRow>(db, searchDocumentsSql(f, page));
}

/** The distinct values of a document attribute among the documents the visitor may see (a dropdown), at most 1,000. */
export async function documentAttributeValues(
  db: DbOrTx,
  f: { contentId: number; attributeDefinitionId: number; documentTypeIds: readonly number[]; groupIds: readonly number[] },
): Promise<string[]> {
  const query = sql`SELECT min((a ->> 'value') COLLATE "C") AS value
    FROM pub_document d CROSS JOIN LATERAL jsonb_array_elements(d.attributes) a
    WHERE d.publication_id = ${f.contentId} AND ${documentVisible(f)}
      AND (a ->> 'attributeDefinitionId')::int = ${f.attributeDefinitionId}
    GROUP BY lower(a ->> 'value') ORDER BY lower(a ->> 'value') COLLATE "C" LIMIT 1000`;
  return (await rows<{ value: string }>(db, query)).map((r) => r.value);
}

// ---------------------------------------------------------------------------------------------
// suggestions while typing (decision 0046)

export interface SuggestionFilter {
  contentId: number;
  productTypeId: number;
  at: Date;
  field: 'keyCode' | number;
  text: string;
  /** PREFIX: values that start with the text (the text_pattern_ops indexes); INFIX: those that hold it elsewhere (trigram). */
  match: 'PREFIX' | 'INFIX';
}

/**
 * At most `limit` distinct values (ignoring case) of a field among the type's products visible at
 * `at` that start with, or hold past their start, the text ignoring case; in byte order of the
 * lower-cased value, the same on PostgreSQL and PGlite.
 */
export function suggestionsSql(f: SuggestionFilter, limit: number): SQL {
  const value = f.field === 'keyCode' ? sql`p.key_code` : sql`v.value`;
  const prefix = sql`lower(${value}) LIKE lower(${escapeLike(f.text)}) || '%'`;
  const condition =
    f.match === 'PREFIX' ? prefix : sql`lower(${value}) LIKE '%' || lower(${escapeLike(f.text)}) || '%' AND NOT (${prefix})`;
  const from =
    f.field === 'keyCode'
      ? sql`pub_product p`
      : sql`pub_attribute_value v JOIN pub_product p ON p.publication_id = v.publication_id AND p.product_id = v.product_id
              AND v.publication_id = ${f.contentId} AND v.attribute_definition_id = ${f.field}`;
  return sql`SELECT min(${value} COLLATE "C") AS value FROM ${from}
    WHERE p.publication_id = ${f.contentId} AND p.product_type_id = ${f.productTypeId} AND p.publish_date <= ${instant(f.at)}
      AND ${condition}
    GROUP BY lower(${value}) ORDER BY lower(${value}) COLLATE "C" LIMIT ${limit}`;
}

export async function suggestions(db: DbOrTx, f: SuggestionFilter, limit: number): Promise<string[]> {
  return (await rows<{ value: string }>(db, suggestionsSql(f, limit))).map((r) => r.value);
}

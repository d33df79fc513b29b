import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, intArray, type MatchMode, matchesText, rowsOf } from '../../db/sql.js';

/**
 * The read model's SQL of the document search (decision 0045).
 * The rules of every statement of the read model are in index.ts.
 */

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
  attributes: { attributeDefinitionId: number; value: string; match: MatchMode }[];
}

/** A document attribute's value matches (the values are `[{attributeDefinitionId, value}]` in pub_document.attributes). */
const documentValue = (ids: SQL, value: string, mode: MatchMode) => sql`EXISTS (
  SELECT 1 FROM jsonb_array_elements(d.attributes) a
  WHERE (a ->> 'attributeDefinitionId')::int = ANY(${ids}) AND ${matchesText(sql`lower(a ->> 'value')`, value, mode)})`;

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
    where.push(sql`(${matchesText(sql`lower(d.number)`, text, 'PARTIAL')} OR ${matchesText(sql`lower(d.name)`, text, 'PARTIAL')}
      ${f.textAttributeIds.length > 0 ? sql`OR ${documentValue(intArray(f.textAttributeIds), text, 'PARTIAL')}` : sql``})`);
  }
  if (f.number) where.push(matchesText(sql`lower(d.number)`, f.number, 'PARTIAL'));
  if (f.name) where.push(matchesText(sql`lower(d.name)`, f.name, 'PARTIAL'));
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
  return rowsOf<DocumentHitRow>(db, searchDocumentsSql(f, page));
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
  return (await rowsOf<{ value: string }>(db, query)).map((r) => r.value);
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { PUB_PRODUCT_IS_GTIN } from '../../db/schema/publications.js';
import { escapeLike, instant, intArray, rowsOf } from '../../db/sql.js';

/**
 * The read model's lists of everything a unit's live publication makes public (decision 0043):
 * the product pages of sitemap.xml and the administration's sitemap of products and documents.
 */

const visibleProducts = (contentId: number, typeIds: readonly number[], at: Date) =>
  sql`p.publication_id = ${contentId} AND p.product_type_id = ANY(${intArray(typeIds)}) AND p.publish_date <= ${instant(at)}`;

/** How many products of these types are visible at `at`. */
export async function countProducts(db: DbOrTx, contentId: number, typeIds: readonly number[], at: Date): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pub_product p WHERE ${visibleProducts(contentId, typeIds, at)}`,
  );
  return r?.n ?? 0;
}

export interface SiteMapProductRow {
  productId: number;
  productTypeId: number;
  keyCode: string;
}

/** A slice of those products by id (the primary key's order: a sitemap's parts stay put between publications). */
export function productSlice(
  db: DbOrTx,
  contentId: number,
  typeIds: readonly number[],
  at: Date,
  slice: { limit: number; offset: number },
): Promise<SiteMapProductRow[]> {
  return rowsOf<SiteMapProductRow>(
    db,
    sql`SELECT p.product_id AS "productId", p.product_type_id AS "productTypeId", p.key_code AS "keyCode"
      FROM pub_product p WHERE ${visibleProducts(contentId, typeIds, at)}
      ORDER BY p.product_id LIMIT ${slice.limit} OFFSET ${slice.offset}`,
  );
}

export interface SiteMapEntryRow {
  total: number;
  kind: 'PRODUCT' | 'DOCUMENT' | null;
  id: number | null;
  productTypeId: number | null;
  keyCode: string | null;
  number: string | null;
  name: string | null;
  /** A document's first product (key-code order) visible at `at`. */
  firstProductId: number | null;
  firstProductTypeId: number | null;
  firstKeyCode: string | null;
}

/**
 * One page of the products visible at `at` (key-code order), then the documents (number order),
 * with the total in every row (one row with null fields past the end). `search` matches a part of
 * a key code, a document number or a document name, ignoring case.
 */
export function siteMapEntries(
  db: DbOrTx,
  contentId: number,
  at: Date,
  q: { search?: string; limit: number; offset: number },
): Promise<SiteMapEntryRow[]> {
  const like = q.search ? sql`'%' || lower(${escapeLike(q.search)}) || '%'` : null;
  const productMatch = like ? sql`AND lower(p.key_code) LIKE ${like}` : sql``;
  const documentMatch = like ? sql`AND (lower(d.number) LIKE ${like} OR lower(d.name) LIKE ${like})` : sql``;
  return rowsOf<SiteMapEntryRow>(
    db,
    sql`WITH entries AS (
        SELECT 0 AS k, p.product_id AS id, p.product_type_id, p.key_code, NULL::text AS number, NULL::text AS name,
               lower(p.key_code) AS sort
        FROM pub_product p WHERE p.publication_id = ${contentId} AND p.publish_date <= ${instant(at)} ${productMatch}
        UNION ALL
        SELECT 1, d.document_id, NULL::int, NULL::text, d.number, d.name, lower(d.number)
        FROM pub_document d WHERE d.publication_id = ${contentId} ${documentMatch}
      ), page AS (
        SELECT * FROM entries ORDER BY k, sort COLLATE "C", id LIMIT ${q.limit} OFFSET ${q.offset}
      )
      SELECT t.total, CASE page.k WHEN 0 THEN 'PRODUCT' WHEN 1 THEN 'DOCUMENT' END AS kind, page.id,
        page.product_type_id AS "productTypeId", page.key_code AS "keyCode", page.number, page.name,
        f.product_id AS "firstProductId", f.product_type_id AS "firstProductTypeId", f.key_code AS "firstKeyCode"
      FROM (SELECT count(*)::int AS total FROM entries) t
      LEFT JOIN page ON true
      LEFT JOIN LATERAL (
        SELECT p.product_id, p.product_type_id, p.key_code FROM pub_document_product dp
        JOIN pub_product p ON p.publication_id = dp.publication_id AND p.product_id = dp.product_id
        WHERE page.k = 1 AND dp.publication_id = ${contentId} AND dp.document_id = page.id AND p.publish_date <= ${instant(at)}
        ORDER BY lower(p.key_code) COLLATE "C", p.product_id LIMIT 1
      ) f ON true
      ORDER BY page.k, page.sort COLLATE "C", page.id`,
  );
}

/** Every product visible at `at` whose key code is written like a GTIN (the caller checks the check digit), in key-code order. */
export function gtinLikeProducts(db: DbOrTx, contentId: number, at: Date): Promise<SiteMapProductRow[]> {
  return rowsOf<SiteMapProductRow>(
    db,
    sql`SELECT p.product_id AS "productId", p.product_type_id AS "productTypeId", p.key_code AS "keyCode"
      FROM pub_product p
      WHERE p.publication_id = ${contentId} AND p.publish_date <= ${instant(at)} AND ${sql.raw(PUB_PRODUCT_IS_GTIN)}
      ORDER BY lower(p.key_code) COLLATE "C", p.product_id`,
  );
}

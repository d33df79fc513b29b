import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, intArray, type MatchMode, matchesText, rowsOf } from '../../db/sql.js';

/**
 * The read model's SQL of products: the search among a type's products, dropdown values, one product.
 * The rules of every statement of the read model are in index.ts.
 */

export interface ProductFilter {
  contentId: number;
  productTypeId: number;
  at: Date;
  keyCode?: { value: string; match: MatchMode };
  attributes: { attributeDefinitionId: number; value: string; match: MatchMode }[];
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
  if (f.keyCode) where.push(matchesText(sql`lower(p.key_code)`, f.keyCode.value, f.keyCode.match));
  for (const a of f.attributes) {
    where.push(
      sql`EXISTS (SELECT 1 FROM pub_attribute_value av WHERE av.publication_id = p.publication_id AND av.product_id = p.product_id
            AND av.attribute_definition_id = ${a.attributeDefinitionId} AND ${matchesText(sql`lower(av.value)`, a.value, a.match)})`,
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
  return rowsOf<ProductHitRow>(db, searchProductsSql(f, page));
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
  return (await rowsOf<{ value: string }>(db, query)).map((r) => r.value);
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
  return (await rowsOf<ProductRow>(db, productSql(f, ref)))[0] ?? null;
}

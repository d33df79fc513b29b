import type { PublishState } from '@vellum/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { liveStateIn, productIsLive } from '../../db/live-content.js';
import {
  attributeDefinition,
  attributeValue,
  product,
  productGroupProduct,
  productType,
  productTypeProductCount,
} from '../../db/schema/index.js';
import { type MatchMode, matchesText } from '../../db/sql.js';

export interface ProductSearchFilter {
  productTypeId?: number;
  businessUnitId?: number;
  keyCode?: { value: string; match: MatchMode };
  attributes: { attributeDefinitionId: number; value: string; match: MatchMode }[];
  /** The key code or any attribute value contains the text. */
  text?: string;
  orphans: boolean;
  publishState?: PublishState;
  productGroupId?: number;
}

export const PRODUCT_SORT_FIELDS = ['keyCode', 'publishDate', 'createdDate', 'lastModifiedDate', 'id'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export interface ProductSort {
  by: ProductSortField | { attributeDefinitionId: number };
  desc: boolean;
}

/**
 * Columns of the searched product, always qualified: drizzle leaves the columns of a one-table
 * select unqualified in some places, and inside the subqueries below an unqualified `id` would
 * name the subquery's own column.
 */
const p = {
  id: sql.raw('"product"."id"'),
  businessUnitId: sql.raw('"product"."business_unit_id"'),
  productTypeId: sql.raw('"product"."product_type_id"'),
  keyCode: sql.raw('"product"."key_code"'),
  publishDate: sql.raw('"product"."publish_date"'),
  createdDate: sql.raw('"product"."created_date"'),
  lastModifiedDate: sql.raw('"product"."last_modified_date"'),
};

function conditions(f: ProductSearchFilter): SQL {
  const where: SQL[] = [];
  if (f.productTypeId !== undefined) where.push(sql`${p.productTypeId} = ${f.productTypeId}`);
  if (f.businessUnitId !== undefined) where.push(sql`${p.businessUnitId} = ${f.businessUnitId}`);
  if (f.keyCode) where.push(matchesText(sql`lower(${p.keyCode})`, f.keyCode.value, f.keyCode.match));
  for (const a of f.attributes) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${attributeValue} av WHERE av.product_id = ${p.id} AND av.attribute_definition_id = ${a.attributeDefinitionId} AND ${matchesText(sql`lower(av.value)`, a.value, a.match)})`,
    );
  }
  if (f.text !== undefined) {
    // one index per branch: the key-code trigram index, the value trigram index
    where.push(
      sql`${p.id} IN (SELECT kp.id FROM ${product} kp WHERE ${matchesText(sql`lower(kp.key_code)`, f.text, 'PARTIAL')} UNION SELECT tv.product_id FROM ${attributeValue} tv WHERE ${matchesText(sql`lower(tv.value)`, f.text, 'PARTIAL')})`,
    );
  }
  // kept by triggers on the groups' members (decision 0060), read through a partial index
  if (f.orphans) where.push(sql`NOT "product"."grouped"`);
  if (f.productGroupId !== undefined) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${productGroupProduct} gm WHERE gm.product_id = ${p.id} AND gm.product_group_id = ${f.productGroupId})`,
    );
  }
  // by the date and whether the unit's live publication holds the product (decision 0051)
  if (f.publishState !== undefined) where.push(liveStateIn(p.publishDate, productIsLive(p.id, p.businessUnitId), [f.publishState]));
  return where.length > 0 ? sql.join(where, sql` AND `) : sql`TRUE`;
}

/** A product type and nothing else: the whole type, whose size is kept in product_type_product_count. */
function wholeProductType(f: ProductSearchFilter): f is ProductSearchFilter & { productTypeId: number } {
  return (
    f.productTypeId !== undefined &&
    f.businessUnitId === undefined &&
    f.keyCode === undefined &&
    f.attributes.length === 0 &&
    f.text === undefined &&
    !f.orphans &&
    f.publishState === undefined &&
    f.productGroupId === undefined
  );
}

/**
 * How many products match: read from the count the product triggers keep exact (migration 0004)
 * when the filter is a whole product type, the list as it opens (counting 100,000 products cost
 * 80 ms a call; bench/RESULTS.md); otherwise counted.
 */
function totalOf(f: ProductSearchFilter, where: SQL): SQL<number> {
  if (wholeProductType(f)) {
    return sql<number>`coalesce((SELECT c.products FROM ${productTypeProductCount} c WHERE c.product_type_id = ${f.productTypeId}), 0)`;
  }
  return sql<number>`(SELECT count(*)::int FROM ${product} WHERE ${where})`;
}

const sortColumns = {
  // case-insensitive, as the (product_type_id, lower(key_code)) and (business_unit_id, lower(key_code)) indexes are
  keyCode: sql`lower(${p.keyCode})`,
  publishDate: p.publishDate,
  createdDate: p.createdDate,
  lastModifiedDate: p.lastModifiedDate,
  id: p.id,
} satisfies Record<ProductSortField, SQL>;

/**
 * One page of the products matching the filter, each with its type's name, its values of active
 * STRING attributes and its number of product groups, and how many match in all, in one statement:
 * the per-product subqueries run for the page's rows only (after sort and limit) and the total is
 * an uncorrelated subquery computed once. Only a page past the end needs a second query for the
 * total.
 */
export async function searchProducts(db: DbOrTx, f: ProductSearchFilter, sort: ProductSort[], page: { limit: number; offset: number }) {
  const where = conditions(f);
  let query = db
    .select({
      id: product.id,
      businessUnitId: product.businessUnitId,
      productTypeId: product.productTypeId,
      productTypeName: sql<string>`(SELECT t.name FROM ${productType} t WHERE t.id = ${p.productTypeId})`,
      keyCode: product.keyCode,
      publishDate: product.publishDate,
      live: sql<boolean>`${productIsLive(p.id, p.businessUnitId)}`,
      lastModifiedDate: product.lastModifiedDate,
      attributeValues: sql<{ id: number; attributeDefinitionId: number; value: string }[] | string>`(
        SELECT coalesce(json_agg(json_build_object('id', v.id, 'attributeDefinitionId', v.attribute_definition_id, 'value', v.value)
                                 ORDER BY d.visualization_order, d.id), '[]'::json)
        FROM ${attributeValue} v JOIN ${attributeDefinition} d ON d.id = v.attribute_definition_id
        WHERE v.product_id = ${p.id} AND d.is_active AND d.type = 'STRING')`,
      productGroups: sql<number>`(SELECT count(*)::int FROM ${productGroupProduct} g WHERE g.product_id = ${p.id})`,
      total: totalOf(f, where),
    })
    .from(product)
    .$dynamic();
  const orderBy: SQL[] = [];
  sort.forEach((s, i) => {
    const dir = sql.raw(s.desc ? 'DESC' : 'ASC');
    if (typeof s.by === 'string') {
      orderBy.push(sql`${sortColumns[s.by]} ${dir}`);
      return;
    }
    // products without a value for the attribute come last either way
    const v = alias(attributeValue, `sort_value_${i}`);
    query = query.leftJoin(v, and(eq(v.productId, p.id), eq(v.attributeDefinitionId, s.by.attributeDefinitionId)));
    orderBy.push(sql`lower(${v.value}) ${dir} NULLS LAST`);
  });
  orderBy.push(sql`${p.id} ASC`);
  const rows = await query
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0) return { rows, total: Number(rows[0].total) };
  if (page.offset === 0) return { rows, total: 0 };
  const [{ total }] = await db.select({ total: totalOf(f, where) }).from(sql`(VALUES (1)) AS one`);
  return { rows, total: Number(total) };
}

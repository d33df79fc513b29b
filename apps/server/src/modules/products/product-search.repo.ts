import type { PublishState } from '@vellum/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { liveContentOf, liveStateIn, productIsLive } from '../../db/live-content.js';
import {
  attributeDefinition,
  attributeValue,
  product,
  productGroupProduct,
  productType,
  productTypeProductCount,
  pubProduct,
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
  if (f.publishState === 'UNPUBLISHED') {
    // a top-level NOT EXISTS, which the planner turns into an anti-join (one pass over the live
    // publication's products for a count) instead of a probe per product (decision 0060)
    where.push(
      sql`NOT EXISTS (SELECT 1 FROM ${pubProduct} up WHERE up.publication_id = ${liveContentOf(unitOf(f))} AND up.product_id = ${p.id}
        AND ${p.publishDate} IS NOT NULL)`,
    );
  } else if (f.publishState !== undefined) {
    where.push(liveStateIn(p.publishDate, productIsLive(p.id, unitOf(f)), [f.publishState]));
  }
  return where.length > 0 ? sql.join(where, sql` AND `) : sql`TRUE`;
}

/**
 * The searched products' business unit: a constant when the search names it or a product type
 * (so that the live publication is looked up once per statement), else each product's own.
 */
function unitOf(f: ProductSearchFilter): SQL | number {
  if (f.businessUnitId !== undefined) return f.businessUnitId;
  if (f.productTypeId !== undefined) return sql`(SELECT ut.business_unit_id FROM ${productType} ut WHERE ut.id = ${f.productTypeId})`;
  return p.businessUnitId;
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
  const { publishState, ...unfiltered } = f;
  if (publishState === 'UNPUBLISHED' && wholeProductType(unfiltered)) {
    // the type's kept count less its dated products the live publication holds (decision 0060):
    // nothing to count after an import that is not published yet, instead of every product
    return sql<number>`coalesce((SELECT c.products FROM ${productTypeProductCount} c WHERE c.product_type_id = ${f.productTypeId}), 0)
      - (SELECT count(*)::int FROM ${pubProduct} lp JOIN ${product} lq ON lq.id = lp.product_id
         WHERE lp.publication_id = ${liveContentOf(unitOf(f))} AND lp.product_type_id = ${f.productTypeId} AND lq.publish_date IS NOT NULL)`;
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

/** The columns of a listed product: its type's name, its values of active STRING attributes, its number of groups, its live state. */
function listColumns(total: SQL<number>) {
  return {
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
    total,
  };
}

type Page = { limit: number; offset: number };

const orderOf = (s: { by: ProductSortField; desc: boolean }): SQL => sql`${sortColumns[s.by]} ${sql.raw(s.desc ? 'DESC' : 'ASC')}`;

/**
 * One page of the products matching the filter, each with its type's name, its values of active
 * STRING attributes and its number of product groups, and how many match in all, in one statement:
 * the per-product subqueries run for the page's rows only (after sort and limit) and the total is
 * an uncorrelated subquery computed once. Only a page past the end needs a second query for the
 * total. A sort led by one attribute reads its page in two parts (`byAttribute`).
 */
export async function searchProducts(db: DbOrTx, f: ProductSearchFilter, sort: ProductSort[], page: Page) {
  const where = conditions(f);
  const [first, ...rest] = sort;
  const found =
    first !== undefined && typeof first.by !== 'string' && rest.every((s) => typeof s.by === 'string')
      ? await byAttribute(db, f, where, { attributeDefinitionId: first.by.attributeDefinitionId, desc: first.desc }, rest as never, page)
      : await byJoins(db, f, where, sort, page);
  if (found.length > 0) return { rows: found, total: Number(found[0].total) };
  if (page.offset === 0) return { rows: found, total: 0 };
  const [{ total }] = await db.select({ total: totalOf(f, where) }).from(sql`(VALUES (1)) AS one`);
  return { rows: found, total: Number(total) };
}

/** Any sort: each attribute sorted by is a left join on its value (products without it come last either way). */
async function byJoins(db: DbOrTx, f: ProductSearchFilter, where: SQL, sort: ProductSort[], page: Page) {
  let query = db
    .select(listColumns(totalOf(f, where)))
    .from(product)
    .$dynamic();
  const orderBy: SQL[] = [];
  sort.forEach((s, i) => {
    const dir = sql.raw(s.desc ? 'DESC' : 'ASC');
    if (typeof s.by === 'string') {
      orderBy.push(sql`${sortColumns[s.by]} ${dir}`);
      return;
    }
    const v = alias(attributeValue, `sort_value_${i}`);
    query = query.leftJoin(v, and(eq(v.productId, p.id), eq(v.attributeDefinitionId, s.by.attributeDefinitionId)));
    orderBy.push(sql`lower(${v.value}) ${dir} NULLS LAST`);
  });
  orderBy.push(sql`${p.id} ASC`);
  return query
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A sort led by an attribute (decision 0060), in the order `byJoins` gives: first the products
 * with a value, read in the order of the values' index (attribute, lower(value)), so a page needs
 * no sort of the whole type; then, once those run out, the products without a value. How many
 * have a value is known from the first part's page when it runs out there, and counted only for a
 * page that starts past them.
 */
async function byAttribute(
  db: DbOrTx,
  f: ProductSearchFilter,
  where: SQL,
  attribute: { attributeDefinitionId: number; desc: boolean },
  rest: { by: ProductSortField; desc: boolean }[],
  page: Page,
) {
  const v = alias(attributeValue, 'sort_value');
  const valued = and(eq(v.productId, p.id), eq(v.attributeDefinitionId, attribute.attributeDefinitionId));
  const total = totalOf(f, where);
  const withValue = await db
    .select(listColumns(total))
    .from(product)
    .innerJoin(v, valued)
    .where(where)
    .orderBy(sql`lower(${v.value}) ${sql.raw(attribute.desc ? 'DESC' : 'ASC')}`, ...rest.map(orderOf), sql`${p.id} ASC`)
    .limit(page.limit)
    .offset(page.offset);
  if (withValue.length === page.limit) return withValue;
  let valuedCount = page.offset + withValue.length;
  if (withValue.length === 0 && page.offset > 0) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(product).innerJoin(v, valued).where(where);
    valuedCount = Number(n);
  }
  const without = await db
    .select(listColumns(total))
    .from(product)
    .where(
      and(
        where,
        sql`NOT EXISTS (SELECT 1 FROM ${attributeValue} nv WHERE nv.product_id = ${p.id} AND nv.attribute_definition_id = ${attribute.attributeDefinitionId})`,
      ),
    )
    .orderBy(...rest.map(orderOf), sql`${p.id} ASC`)
    .limit(page.limit - withValue.length)
    .offset(Math.max(0, page.offset - valuedCount));
  return [...withValue, ...without];
}

import { and, asc, desc, eq, ilike, inArray, ne, not, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  lotRange,
  product,
  productGroup,
  productGroupProduct,
  productGroupRemark,
  productLotRange,
  productRemark,
  productType,
} from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';

export type ProductGroupRow = typeof productGroup.$inferSelect;

/** Long id lists go to the database in slices (a statement takes at most 65535 parameters). */
const SLICE = 10_000;
function slices<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

const hasProducts = sql`exists (select 1 from ${productGroupProduct} where ${productGroupProduct.productGroupId} = ${productGroup.id})`;
const productCount = sql<number>`(select count(*)::int from ${productGroupProduct} where ${productGroupProduct.productGroupId} = ${productGroup.id})`;
const remarkCount = sql<number>`(select count(*)::int from ${productGroupRemark} where ${productGroupRemark.productGroupId} = ${productGroup.id})`;

export type GroupSortField = 'name' | 'id' | 'productCount';
const sortExpressions: Record<GroupSortField, SQL> = {
  name: sql`lower(${productGroup.name})`,
  id: sql`${productGroup.id}`,
  productCount,
};

export interface GroupFilter {
  businessUnitId?: number;
  productTypeId?: number;
  /** Only groups without products. */
  orphansOnly: boolean;
  search?: string;
}

function whereOf(f: GroupFilter): SQL | undefined {
  return and(
    f.businessUnitId === undefined ? undefined : eq(productGroup.businessUnitId, f.businessUnitId),
    f.productTypeId === undefined ? undefined : eq(productGroup.productTypeId, f.productTypeId),
    f.orphansOnly ? not(hasProducts) : undefined,
    f.search ? ilike(productGroup.name, likePattern(f.search)) : undefined,
  );
}

/** One page of groups with their product and remark counts. */
export async function listGroups(
  db: DbOrTx,
  f: GroupFilter,
  page: { sort: GroupSortField; descending: boolean; limit: number; offset: number },
) {
  const order = page.descending ? desc(sortExpressions[page.sort]) : asc(sortExpressions[page.sort]);
  return db
    .select({
      id: productGroup.id,
      businessUnitId: productGroup.businessUnitId,
      productTypeId: productGroup.productTypeId,
      name: productGroup.name,
      version: productGroup.version,
      productCount,
      remarkCount,
    })
    .from(productGroup)
    .where(whereOf(f))
    .orderBy(order, asc(productGroup.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countGroups(db: DbOrTx, f: GroupFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(productGroup).where(whereOf(f));
  return row.n;
}

/** The groups of a business unit and those without products (for its statistics). */
export async function countGroupsOfUnit(db: DbOrTx, businessUnitId: number): Promise<{ total: number; orphans: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      orphans: sql<number>`(count(*) filter (where not ${hasProducts}))::int`,
    })
    .from(productGroup)
    .where(eq(productGroup.businessUnitId, businessUnitId));
  return row;
}

export async function findGroup(db: DbOrTx, id: number): Promise<ProductGroupRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(productGroup).where(eq(productGroup.id, id));
  return row;
}

/** The group row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findGroupForUpdate(db: DbOrTx, id: number): Promise<ProductGroupRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(productGroup).where(eq(productGroup.id, id)).for('update');
  return row;
}

export async function productsOfGroup(db: DbOrTx, groupId: number) {
  return db
    .select({ id: product.id, keyCode: product.keyCode })
    .from(productGroupProduct)
    .innerJoin(product, eq(product.id, productGroupProduct.productId))
    .where(eq(productGroupProduct.productGroupId, groupId))
    .orderBy(asc(sql`lower(${product.keyCode})`), asc(product.id));
}

export async function remarksOfGroup(db: DbOrTx, groupId: number) {
  return db
    .select({ id: productRemark.id, name: productRemark.name })
    .from(productGroupRemark)
    .innerJoin(productRemark, eq(productRemark.id, productGroupRemark.productRemarkId))
    .where(eq(productGroupRemark.productGroupId, groupId))
    .orderBy(asc(productRemark.visualizationOrder), asc(sql`lower(${productRemark.name})`), asc(productRemark.id));
}

export async function productIdsOf(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productGroupProduct.productId })
    .from(productGroupProduct)
    .where(eq(productGroupProduct.productGroupId, groupId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function remarkIdsOf(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productGroupRemark.productRemarkId })
    .from(productGroupRemark)
    .where(eq(productGroupRemark.productGroupId, groupId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether another group of the product type already has this name, ignoring case. */
export async function groupNameTaken(db: DbOrTx, productTypeId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productGroup.id })
    .from(productGroup)
    .where(
      and(
        eq(productGroup.productTypeId, productTypeId),
        sql`lower(${productGroup.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(productGroup.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A product type's id and business unit. */
export async function findProductType(db: DbOrTx, id: number): Promise<{ id: number; businessUnitId: number } | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ id: productType.id, businessUnitId: productType.businessUnitId })
    .from(productType)
    .where(eq(productType.id, id));
  return row;
}

/** The product type of each existing product among the ids. */
export async function productTypesOf(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const ids of slices(productIds.filter(isRowId))) {
    const rows = await db.select({ id: product.id, typeId: product.productTypeId }).from(product).where(inArray(product.id, ids));
    for (const r of rows) out.set(r.id, r.typeId);
  }
  return out;
}

/** The business unit of each existing remark among the ids. */
export async function remarkUnitsOf(db: DbOrTx, remarkIds: number[]): Promise<Map<number, number>> {
  const ids = remarkIds.filter(isRowId);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productRemark.id, unitId: productRemark.businessUnitId })
    .from(productRemark)
    .where(inArray(productRemark.id, ids));
  return new Map(rows.map((r) => [r.id, r.unitId]));
}

export async function insertGroup(
  db: DbOrTx,
  values: { businessUnitId: number; productTypeId: number; name: string },
): Promise<ProductGroupRow> {
  const [row] = await db.insert(productGroup).values(values).returning();
  return row;
}

/** Renames when `version` is still the stored one (and bumps it); undefined otherwise (a concurrent change). */
export async function updateGroup(db: DbOrTx, id: number, version: number, name: string): Promise<ProductGroupRow | undefined> {
  const [row] = await db
    .update(productGroup)
    .set({ name, version: sql`${productGroup.version} + 1` })
    .where(and(eq(productGroup.id, id), eq(productGroup.version, version)))
    .returning();
  return row;
}

export async function addProducts(db: DbOrTx, groupId: number, productIds: number[]): Promise<void> {
  for (const ids of slices(productIds)) {
    await db.insert(productGroupProduct).values(ids.map((productId) => ({ productGroupId: groupId, productId })));
  }
}

export async function removeProducts(db: DbOrTx, groupId: number, productIds: number[]): Promise<void> {
  for (const ids of slices(productIds)) {
    await db
      .delete(productGroupProduct)
      .where(and(eq(productGroupProduct.productGroupId, groupId), inArray(productGroupProduct.productId, ids)));
  }
}

export async function replaceRemarks(db: DbOrTx, groupId: number, remarkIds: number[]): Promise<void> {
  await db.delete(productGroupRemark).where(eq(productGroupRemark.productGroupId, groupId));
  if (remarkIds.length > 0) {
    await db.insert(productGroupRemark).values(remarkIds.map((productRemarkId) => ({ productGroupId: groupId, productRemarkId })));
  }
}

const otherLink = alias(productGroupProduct, 'other_link');

/** The products of the group that belong to no other group. */
export async function productsOnlyIn(db: DbOrTx, groupId: number) {
  return db
    .select({ id: product.id, keyCode: product.keyCode, productTypeId: product.productTypeId })
    .from(productGroupProduct)
    .innerJoin(product, eq(product.id, productGroupProduct.productId))
    .where(
      and(
        eq(productGroupProduct.productGroupId, groupId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(otherLink)
            .where(and(eq(otherLink.productId, productGroupProduct.productId), ne(otherLink.productGroupId, groupId))),
        ),
      ),
    )
    .orderBy(asc(product.id));
}

/** Deletes the group; its links to products and remarks go with it. */
export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(productGroup).where(eq(productGroup.id, id));
}

export type LotRangeRow = typeof lotRange.$inferSelect;

/**
 * Deletes products with their attribute values and links; the lot ranges they leave without any
 * product (and not applying to every product of the type) go with them. Answers those lot ranges.
 */
export async function deleteProductsAndTheirLotRanges(db: DbOrTx, productIds: number[]): Promise<LotRangeRow[]> {
  const lotRangeIds = new Set<number>();
  for (const ids of slices(productIds)) {
    const links = await db
      .selectDistinct({ id: productLotRange.lotRangeId })
      .from(productLotRange)
      .where(inArray(productLotRange.productId, ids));
    for (const l of links) lotRangeIds.add(l.id);
    await db.delete(product).where(inArray(product.id, ids));
  }
  if (lotRangeIds.size === 0) return [];
  const unused = await db
    .delete(lotRange)
    .where(
      and(
        inArray(lotRange.id, [...lotRangeIds]),
        eq(lotRange.appliesToAll, false),
        notExists(db.select({ one: sql`1` }).from(productLotRange).where(eq(productLotRange.lotRangeId, lotRange.id))),
      ),
    )
    .returning();
  return unused.sort((a, b) => a.id - b.id);
}

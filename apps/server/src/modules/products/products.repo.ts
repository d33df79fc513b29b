import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveStateIn, productIsLive } from '../../db/live-content.js';
import { attributeDefinition, attributeValue, product, productGroup, productGroupProduct, productType } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type ProductRow = typeof product.$inferSelect;
export type ProductValues = Pick<ProductRow, 'keyCode' | 'publishDate'>;
export type DefinitionRow = Pick<
  typeof attributeDefinition.$inferSelect,
  'id' | 'name' | 'type' | 'isUnique' | 'isMandatory' | 'isActive' | 'visualizationOrder'
>;

export async function productUnitOf(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select({ unit: product.businessUnitId }).from(product).where(eq(product.id, id));
  return row?.unit;
}

/** What the product rules need of a product type. */
export async function findProductType(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ id: productType.id, businessUnitId: productType.businessUnitId, name: productType.name, lotNumbers: productType.lotNumbers })
    .from(productType)
    .where(eq(productType.id, id));
  return row;
}

export async function definitionsOf(db: DbOrTx, productTypeId: number): Promise<DefinitionRow[]> {
  return db
    .select({
      id: attributeDefinition.id,
      name: attributeDefinition.name,
      type: attributeDefinition.type,
      isUnique: attributeDefinition.isUnique,
      isMandatory: attributeDefinition.isMandatory,
      isActive: attributeDefinition.isActive,
      visualizationOrder: attributeDefinition.visualizationOrder,
    })
    .from(attributeDefinition)
    .where(eq(attributeDefinition.productTypeId, productTypeId))
    .orderBy(asc(attributeDefinition.visualizationOrder), asc(attributeDefinition.id));
}

export async function findProduct(db: DbOrTx, id: number, forUpdate = false): Promise<ProductRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(product).where(eq(product.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Another product of the unit has the key code, ignoring case. */
export async function keyCodeTaken(db: DbOrTx, businessUnitId: number, keyCode: string, exceptId?: number): Promise<boolean> {
  const where: SQL[] = [eq(product.businessUnitId, businessUnitId), sql`lower(${product.keyCode}) = lower(${keyCode})`];
  if (exceptId !== undefined) where.push(ne(product.id, exceptId));
  const [row] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

/** Another product has the value (ignoring case) for the definition, hence of the same product type. */
export async function attributeValueTaken(db: DbOrTx, definitionId: number, value: string, exceptProductId?: number): Promise<boolean> {
  const where: SQL[] = [eq(attributeValue.attributeDefinitionId, definitionId), sql`lower(${attributeValue.value}) = lower(${value})`];
  if (exceptProductId !== undefined) where.push(ne(attributeValue.productId, exceptProductId));
  const [row] = await db
    .select({ id: attributeValue.id })
    .from(attributeValue)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

export async function findGroups(db: DbOrTx, ids: readonly number[]) {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  return db
    .select({ id: productGroup.id, name: productGroup.name, productTypeId: productGroup.productTypeId })
    .from(productGroup)
    .where(inArray(productGroup.id, valid));
}

export async function insertProduct(
  db: DbOrTx,
  values: ProductValues & { businessUnitId: number; productTypeId: number },
): Promise<ProductRow> {
  const [row] = await db.insert(product).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise. */
export async function updateProduct(db: DbOrTx, id: number, version: number, values: ProductValues): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(product)
    .set({ ...values, lastModifiedDate: sql`now()`, version: version + 1 })
    .where(and(eq(product.id, id), eq(product.version, version)))
    .returning();
  return row;
}

export async function deleteProduct(db: DbOrTx, id: number): Promise<void> {
  await db.delete(product).where(eq(product.id, id));
}

/** Replaces the product's values of the given definitions (values of other definitions stay). */
export async function replaceValues(
  db: DbOrTx,
  productId: number,
  definitionIds: readonly number[],
  values: ReadonlyMap<number, string>,
): Promise<void> {
  if (definitionIds.length > 0) {
    await db
      .delete(attributeValue)
      .where(and(eq(attributeValue.productId, productId), inArray(attributeValue.attributeDefinitionId, [...definitionIds])));
  }
  if (values.size > 0) {
    await db
      .insert(attributeValue)
      .values([...values].map(([attributeDefinitionId, value]) => ({ productId, attributeDefinitionId, value })));
  }
}

export async function replaceGroups(db: DbOrTx, productId: number, groupIds: readonly number[]): Promise<void> {
  await db.delete(productGroupProduct).where(eq(productGroupProduct.productId, productId));
  if (groupIds.length > 0) {
    await db.insert(productGroupProduct).values(groupIds.map((productGroupId) => ({ productGroupId, productId })));
  }
}

/** The values of active STRING definitions of the products, in the definitions' order. */
export async function valuesOf(db: DbOrTx, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: attributeValue.productId,
      id: attributeValue.id,
      attributeDefinitionId: attributeValue.attributeDefinitionId,
      value: attributeValue.value,
    })
    .from(attributeValue)
    .innerJoin(attributeDefinition, eq(attributeDefinition.id, attributeValue.attributeDefinitionId))
    .where(
      and(
        inArray(attributeValue.productId, [...productIds]),
        eq(attributeDefinition.isActive, true),
        eq(attributeDefinition.type, 'STRING'),
      ),
    )
    .orderBy(asc(attributeDefinition.visualizationOrder), asc(attributeDefinition.id));
}

export async function groupsOf(db: DbOrTx, productId: number) {
  return db
    .select({ id: productGroup.id, name: productGroup.name })
    .from(productGroupProduct)
    .innerJoin(productGroup, eq(productGroup.id, productGroupProduct.productGroupId))
    .where(eq(productGroupProduct.productId, productId))
    .orderBy(asc(sql`lower(${productGroup.name})`), asc(productGroup.id));
}

/** Whether the unit's live publication holds the product (decision 0051). */
export async function isLive(db: DbOrTx, productId: number, businessUnitId: number): Promise<boolean> {
  const [row] = await db
    .select({ live: sql<boolean>`${productIsLive(sql`${productId}::int`, businessUnitId)}` })
    .from(sql`(VALUES (1)) AS one`);
  return Boolean(row?.live);
}

/**
 * Products of a unit: all, in no product group, unpublished (no publish date, or not in the live
 * publication: decision 0051) and scheduled (a future date, in the live publication).
 */
export async function countUnitProducts(db: DbOrTx, businessUnitId: number) {
  const live = productIsLive(sql`${product.id}`, businessUnitId);
  const [row] = await db
    .select({
      products: sql<number>`count(*)::int`,
      // kept by triggers on the groups' members (decision 0060)
      orphanProducts: sql<number>`(count(*) FILTER (WHERE NOT ${product.grouped}))::int`,
      productsNoDate: sql<number>`(count(*) FILTER (WHERE ${liveStateIn(sql`${product.publishDate}`, live, ['UNPUBLISHED'])}))::int`,
      productsFutureDate: sql<number>`(count(*) FILTER (WHERE ${liveStateIn(sql`${product.publishDate}`, live, ['SCHEDULED'])}))::int`,
    })
    .from(product)
    .where(eq(product.businessUnitId, businessUnitId));
  return {
    products: Number(row.products),
    orphanProducts: Number(row.orphanProducts),
    productsNoDate: Number(row.productsNoDate),
    productsFutureDate: Number(row.productsFutureDate),
  };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveStateIn, productIsLive } from '../../db/live-content.js';
import { attributeDefinition, attributeValue, product, productGroup, productGroupProduct, productType } from '../../db/schema/index.js';
import { intArray, isRowId, nullableTextArray, rowsOf, textArray } from '../../db/sql.js';

export type ProductRow = typeof product.$inferSelect;
export type ProductValues = Pick<ProductRow, 'keyCode' | 'publishDate'> & Partial<Pick<ProductRow, 'endOfLifeDate'>>;
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

/**
 * For each given key code, the ids of the unit's products with that key code ignoring case (as the
 * database lowers it, as its unique index does); keyed by the key code as given.
 */
export async function productsWithKeyCodes(
  db: DbOrTx,
  businessUnitId: number,
  keyCodes: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (keyCodes.length === 0) return out;
  const rows = await rowsOf<{ id: number; given: string }>(
    db,
    sql`SELECT p.id, k.given FROM unnest(${textArray([...new Set(keyCodes)])}) AS k(given)
        JOIN product p ON p.business_unit_id = ${businessUnitId} AND lower(p.key_code) = lower(k.given)`,
  );
  for (const r of rows) out.set(r.given, [...(out.get(r.given) ?? []), Number(r.id)]);
  return out;
}

/** For each given value, the ids of the products holding it for the definition ignoring case; keyed by the value as given. */
export async function productsWithValues(db: DbOrTx, definitionId: number, values: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (values.length === 0) return out;
  const rows = await rowsOf<{ product_id: number; given: string }>(
    db,
    sql`SELECT v.product_id, k.given FROM unnest(${textArray([...new Set(values)])}) AS k(given)
        JOIN product_type_attribute_value v ON v.attribute_definition_id = ${definitionId} AND lower(v.value) = lower(k.given)`,
  );
  for (const r of rows) out.set(r.given, [...(out.get(r.given) ?? []), Number(r.product_id)]);
  return out;
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

/**
 * Inserts many products of one type in one statement (their columns as arrays, unnested), in the
 * given order; answers each one's id and key code in that order.
 */
export async function insertProducts(
  db: DbOrTx,
  businessUnitId: number,
  productTypeId: number,
  values: readonly ProductValues[],
): Promise<{ id: number; keyCode: string }[]> {
  if (values.length === 0) return [];
  const rows = await rowsOf<{ id: number; key_code: string }>(
    db,
    sql`INSERT INTO product (business_unit_id, product_type_id, key_code, publish_date, end_of_life_date)
        SELECT ${businessUnitId}::int, ${productTypeId}::int, t.key_code, t.publish_date::timestamptz, t.end_of_life_date::date
        FROM unnest(${textArray(values.map((v) => v.keyCode))}, ${nullableTextArray(values.map((v) => v.publishDate?.toISOString() ?? null))},
                    ${nullableTextArray(values.map((v) => v.endOfLifeDate ?? null))})
          WITH ORDINALITY AS t(key_code, publish_date, end_of_life_date, n)
        ORDER BY t.n
        RETURNING id, key_code`,
  );
  // matched back by key code (unique in the unit, ignoring case), not by the order RETURNING happens to use
  const byKey = new Map(rows.map((r) => [r.key_code.toLowerCase(), Number(r.id)]));
  return values.map((v) => ({ id: byKey.get(v.keyCode.toLowerCase()) as number, keyCode: v.keyCode }));
}

/** Inserts the values of new products in one statement. */
export async function insertValues(db: DbOrTx, rows: readonly { productId: number; attributeDefinitionId: number; value: string }[]) {
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO product_type_attribute_value (product_id, attribute_definition_id, value)
        SELECT * FROM unnest(${intArray(rows.map((r) => r.productId))}, ${intArray(rows.map((r) => r.attributeDefinitionId))},
                             ${textArray(rows.map((r) => r.value))})`,
  );
}

/** Links new products to their groups in one statement. */
export async function insertGroupLinks(db: DbOrTx, rows: readonly { productId: number; productGroupId: number }[]) {
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO product_group_product (product_group_id, product_id)
        SELECT * FROM unnest(${intArray(rows.map((r) => r.productGroupId))}, ${intArray(rows.map((r) => r.productId))})`,
  );
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

/** The products of the ids, locked for update when asked (a batch update's rows, decision 0067). */
export async function findProducts(db: DbOrTx, ids: readonly number[], forUpdate = false): Promise<ProductRow[]> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  const query = db.select().from(product).where(inArray(product.id, valid));
  return forUpdate ? await query.for('update') : await query;
}

/**
 * Sets many products' key code and publish date in one statement (their columns as arrays,
 * unnested), each only at its version, the version raised as `updateProduct` does; answers the ids
 * updated.
 */
export async function updateProducts(
  db: DbOrTx,
  rows: readonly (ProductValues & Pick<ProductRow, 'id' | 'version' | 'endOfLifeDate'>)[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const updated = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE product p SET key_code = t.key_code, publish_date = t.publish_date::timestamptz,
               end_of_life_date = t.end_of_life_date::date,
               last_modified_date = now(), version = p.version + 1
        FROM unnest(${intArray(rows.map((r) => r.id))}, ${intArray(rows.map((r) => r.version))}, ${textArray(rows.map((r) => r.keyCode))},
                    ${nullableTextArray(rows.map((r) => r.publishDate?.toISOString() ?? null))},
                    ${nullableTextArray(rows.map((r) => r.endOfLifeDate))}) AS t(id, version, key_code, publish_date, end_of_life_date)
        WHERE p.id = t.id AND p.version = t.version
        RETURNING p.id`,
  );
  return new Set(updated.map((r) => Number(r.id)));
}

/** Removes the products' values of the given definitions and their group links, before a batch update inserts their new ones. */
export async function clearValuesAndGroups(db: DbOrTx, productIds: readonly number[], definitionIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  if (definitionIds.length > 0) {
    await db
      .delete(attributeValue)
      .where(and(inArray(attributeValue.productId, [...productIds]), inArray(attributeValue.attributeDefinitionId, [...definitionIds])));
  }
  await db.delete(productGroupProduct).where(inArray(productGroupProduct.productId, [...productIds]));
}

/** Each product's group ids, sorted (products without groups are absent). */
export async function groupIdsOf(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productGroupProduct.productId, id: productGroupProduct.productGroupId })
    .from(productGroupProduct)
    .where(inArray(productGroupProduct.productId, [...productIds]))
    .orderBy(asc(productGroupProduct.productGroupId));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.id]);
  return out;
}

/** Deletes the products in one statement (their values, groups and links go by cascade). */
export async function deleteProducts(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`DELETE FROM product WHERE id = ANY(${intArray(ids)})`);
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

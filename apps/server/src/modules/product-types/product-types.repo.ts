import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attributeDefinition, attributeValue, businessUnit, lotRange, product, productGroup, productType } from '../../db/schema/index.js';
import { isRowId, isUnitId, likePattern } from '../../db/sql.js';

export type ProductTypeRow = typeof productType.$inferSelect;
export type ProductTypeValues = Omit<typeof productType.$inferInsert, 'id' | 'version' | 'createdDate'>;
export type DefinitionRow = typeof attributeDefinition.$inferSelect;
export type DefinitionValues = Omit<typeof attributeDefinition.$inferInsert, 'id' | 'productTypeId'>;
export type ProductTypeImageColumn = 'imageKey' | 'heroImageHcpKey' | 'heroImagePatientKey';

export async function findProductType(db: DbOrTx, id: number, forUpdate = false): Promise<ProductTypeRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(productType).where(eq(productType.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The product types of one business unit (0: the global ones), by name; search matches the name or slug. */
export async function listProductTypes(db: DbOrTx, businessUnitId: number, search?: string): Promise<ProductTypeRow[]> {
  if (!isUnitId(businessUnitId)) return [];
  const where: SQL[] = [eq(productType.businessUnitId, businessUnitId)];
  if (search) {
    const pattern = likePattern(search);
    where.push(or(ilike(productType.name, pattern), ilike(productType.slug, pattern)) as SQL);
  }
  return db
    .select()
    .from(productType)
    .where(and(...where))
    .orderBy(asc(sql`lower(${productType.name})`), asc(productType.id));
}

/** How many products and product groups each of the types holds. */
export async function contentCountsOf(db: DbOrTx, typeIds: number[]): Promise<Map<number, { products: number; productGroups: number }>> {
  const out = new Map(typeIds.map((id) => [id, { products: 0, productGroups: 0 }]));
  if (typeIds.length === 0) return out;
  const products = await db
    .select({ id: product.productTypeId, n: count() })
    .from(product)
    .where(inArray(product.productTypeId, typeIds))
    .groupBy(product.productTypeId);
  const groups = await db
    .select({ id: productGroup.productTypeId, n: count() })
    .from(productGroup)
    .where(inArray(productGroup.productTypeId, typeIds))
    .groupBy(productGroup.productTypeId);
  for (const p of products) out.get(p.id)!.products = p.n;
  for (const g of groups) out.get(g.id)!.productGroups = g.n;
  return out;
}

export async function lotRangeCount(db: DbOrTx, typeId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(lotRange).where(eq(lotRange.productTypeId, typeId));
  return n;
}

/** The attribute definitions of the types, by visualisation order. */
export async function definitionsOf(db: DbOrTx, typeIds: number[]): Promise<DefinitionRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(attributeDefinition)
    .where(inArray(attributeDefinition.productTypeId, typeIds))
    .orderBy(asc(attributeDefinition.visualizationOrder), asc(attributeDefinition.id));
}

export async function findDefinition(db: DbOrTx, id: number): Promise<DefinitionRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(attributeDefinition).where(eq(attributeDefinition.id, id));
  return row;
}

/** The business unit of the type an attribute definition belongs to. */
export async function unitOfDefinition(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ businessUnitId: productType.businessUnitId })
    .from(attributeDefinition)
    .innerJoin(productType, eq(productType.id, attributeDefinition.productTypeId))
    .where(eq(attributeDefinition.id, id));
  return row?.businessUnitId;
}

export async function businessUnitExists(db: DbOrTx, id: number): Promise<boolean> {
  if (!isUnitId(id)) return false;
  const [row] = await db.select({ id: businessUnit.id }).from(businessUnit).where(eq(businessUnit.id, id));
  return row !== undefined;
}

/** Whether another type of the business unit has the name (regardless of case). */
export async function nameTaken(db: DbOrTx, businessUnitId: number, name: string, exceptId?: number): Promise<boolean> {
  const where = [eq(productType.businessUnitId, businessUnitId), eq(sql`lower(${productType.name})`, name.toLowerCase())];
  if (exceptId !== undefined) where.push(ne(productType.id, exceptId));
  const [row] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

export async function slugTaken(db: DbOrTx, businessUnitId: number, slug: string, exceptId?: number): Promise<boolean> {
  const where = [eq(productType.businessUnitId, businessUnitId), eq(productType.slug, slug)];
  if (exceptId !== undefined) where.push(ne(productType.id, exceptId));
  const [row] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

export async function insertProductType(db: DbOrTx, values: ProductTypeValues): Promise<ProductTypeRow> {
  const [row] = await db.insert(productType).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one (and bumps it); undefined otherwise. */
export async function updateProductType(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<ProductTypeValues>,
): Promise<ProductTypeRow | undefined> {
  const [row] = await db
    .update(productType)
    .set({ ...values, version: version + 1 })
    .where(and(eq(productType.id, id), eq(productType.version, version)))
    .returning();
  return row;
}

export async function deleteProductType(db: DbOrTx, id: number): Promise<void> {
  await db.delete(attributeDefinition).where(eq(attributeDefinition.productTypeId, id));
  await db.delete(productType).where(eq(productType.id, id));
}

export async function setProductTypeImageKey(db: DbOrTx, id: number, column: ProductTypeImageColumn, key: string | null): Promise<void> {
  await db
    .update(productType)
    .set({ [column]: key })
    .where(eq(productType.id, id));
}

export async function insertDefinitions(db: DbOrTx, productTypeId: number, rows: DefinitionValues[]): Promise<DefinitionRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(attributeDefinition)
    .values(rows.map((r) => ({ ...r, productTypeId })))
    .returning();
}

export async function updateDefinition(db: DbOrTx, productTypeId: number, id: number, values: Partial<DefinitionValues>): Promise<void> {
  await db
    .update(attributeDefinition)
    .set(values)
    .where(and(eq(attributeDefinition.id, id), eq(attributeDefinition.productTypeId, productTypeId)));
}

export async function deleteDefinition(db: DbOrTx, id: number): Promise<void> {
  await db.delete(attributeDefinition).where(eq(attributeDefinition.id, id));
}

/** Whether some product holds a value for the definition. */
export async function definitionHasValues(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: attributeValue.id })
    .from(attributeValue)
    .where(eq(attributeValue.attributeDefinitionId, id))
    .limit(1);
  return row !== undefined;
}

/** How many product types a business unit holds (they keep the unit from being deleted). */
export async function countUnitProductTypes(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productType).where(eq(productType.businessUnitId, businessUnitId));
  return row?.n ?? 0;
}

/**
 * The unit's product types as a statement for the translations (decision 0089): id, label (the
 * name) and each translatable text under its field's name.
 */
export function typeTextsQuery(businessUnitId: number): SQL {
  return sql`SELECT ${productType.id} AS id, ${productType.name} AS label, ${productType.name} AS "name",
    ${productType.keyCodeLabelHcp} AS "keyCodeLabelHcp", ${productType.keyCodeLabelPatient} AS "keyCodeLabelPatient"
    FROM ${productType} WHERE ${productType.businessUnitId} = ${businessUnitId}`;
}

/** The attribute definitions of the unit's product types as a statement for the translations: id, label (`type › definition`), name. */
export function definitionTextsQuery(businessUnitId: number): SQL {
  return sql`SELECT ${attributeDefinition.id} AS id, ${productType.name} || ' › ' || ${attributeDefinition.name} AS label,
    ${attributeDefinition.name} AS "name"
    FROM ${attributeDefinition} JOIN ${productType} ON ${productType.id} = ${attributeDefinition.productTypeId}
    WHERE ${productType.businessUnitId} = ${businessUnitId}`;
}

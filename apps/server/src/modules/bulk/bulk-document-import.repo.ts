import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { document, documentType, product, productGroup, productType } from '../../db/schema/index.js';

/** What the documents' import reads of the unit (decision 0062), always scoped by the unit. */

/** The unit's document with this number (regardless of case), with its version for an update. */
export async function documentByNumber(db: DbOrTx, businessUnitId: number, number: string) {
  const [row] = await db
    .select({ id: document.id, number: document.number, version: document.version })
    .from(document)
    .where(and(eq(document.businessUnitId, businessUnitId), sql`lower(${document.number}) = lower(${number})`));
  return row;
}

/** The unit's document types by lower-cased name (names are unique in the unit regardless of case). */
export async function documentTypesByName(db: DbOrTx, businessUnitId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: documentType.id, name: documentType.name })
    .from(documentType)
    .where(eq(documentType.businessUnitId, businessUnitId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** The unit's products among these key codes, by lower-cased key code. */
export async function productIdsByKeyCode(db: DbOrTx, businessUnitId: number, keyCodes: readonly string[]): Promise<Map<string, number>> {
  if (keyCodes.length === 0) return new Map();
  const lowered = [...new Set(keyCodes.map((k) => k.toLowerCase()))];
  const rows = await db
    .select({ id: product.id, keyCode: product.keyCode })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(eq(productType.businessUnitId, businessUnitId), inArray(sql`lower(${product.keyCode})`, lowered)));
  return new Map(rows.map((r) => [r.keyCode.toLowerCase(), r.id]));
}

/** The key of a product group as its cell names it: `<type slug>\n<name>`, lower-cased. */
export const groupKey = (productTypeSlug: string, name: string) => `${productTypeSlug.toLowerCase()}\n${name.toLowerCase()}`;

/** The unit's product groups by `groupKey`. */
export async function groupsBySlugAndName(db: DbOrTx, businessUnitId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: productGroup.id, name: productGroup.name, slug: productType.slug })
    .from(productGroup)
    .innerJoin(productType, eq(productType.id, productGroup.productTypeId))
    .where(eq(productType.businessUnitId, businessUnitId));
  return new Map(rows.map((r) => [groupKey(r.slug, r.name), r.id]));
}

/** The ids of the unit's documents (a REPLACE removes those the sheet leaves out). */
export async function documentIdsOfUnit(db: DbOrTx, businessUnitId: number): Promise<number[]> {
  const rows = await db.select({ id: document.id }).from(document).where(eq(document.businessUnitId, businessUnitId)).orderBy(document.id);
  return rows.map((r) => r.id);
}

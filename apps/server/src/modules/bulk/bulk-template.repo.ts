import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { country, documentType, lotRange, manufacturer, product, productGroup, productType } from '../../db/schema/index.js';

/** The names the template lists as allowed values: at most this many of each. */
const LISTED = 101;

/** The product type's group names, by name (at most LISTED). */
export async function groupNamesOf(db: DbOrTx, productTypeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: productGroup.name })
    .from(productGroup)
    .where(eq(productGroup.productTypeId, productTypeId))
    .orderBy(asc(sql`lower(${productGroup.name})`))
    .limit(LISTED);
  return rows.map((r) => r.name);
}

/** The product type's lot ranges not archived, by name (at most LISTED). */
export async function lotRangeNamesOf(db: DbOrTx, productTypeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: lotRange.name })
    .from(lotRange)
    .where(and(eq(lotRange.productTypeId, productTypeId), or(isNull(lotRange.archiveDate), sql`${lotRange.archiveDate} > now()`)))
    .orderBy(asc(sql`lower(${lotRange.name})`))
    .limit(LISTED);
  return rows.map((r) => r.name);
}

/** A key code and a product group of the unit, for the documents' example row. */
export async function unitExamples(db: DbOrTx, businessUnitId: number) {
  const [p] = await db
    .select({ keyCode: product.keyCode })
    .from(product)
    .where(eq(product.businessUnitId, businessUnitId))
    .orderBy(asc(sql`lower(${product.keyCode})`))
    .limit(1);
  const [g] = await db
    .select({ name: productGroup.name, productTypeSlug: productType.slug })
    .from(productGroup)
    .innerJoin(productType, eq(productType.id, productGroup.productTypeId))
    .where(eq(productGroup.businessUnitId, businessUnitId))
    .orderBy(asc(sql`lower(${productGroup.name})`), asc(productGroup.id))
    .limit(1);
  return { keyCode: p?.keyCode, group: g };
}

/** Whether the public website is world-wide (every file is then for the rest of the world). */
export async function worldWide(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ on: manufacturer.worldWidePublicWebsite }).from(manufacturer).where(eq(manufacturer.id, 1));
  return row?.on ?? false;
}

/** The unit's document types by sort number (the template lists the active ones' names). */
export async function documentTypesOf(db: DbOrTx, businessUnitId: number) {
  return db
    .select({ name: documentType.name, active: documentType.active })
    .from(documentType)
    .where(eq(documentType.businessUnitId, businessUnitId))
    .orderBy(asc(documentType.sortNumber), asc(documentType.id));
}

/** Every country's ISO 3166-1 alpha-2 code. */
export async function countryCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ code: country.isoCode }).from(country).orderBy(asc(country.isoCode));
  return rows.map((r) => r.code);
}

import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, attributeDefinition, bulkJob, manufacturer, productType } from '../../db/schema/index.js';
import { fromJson, isRowId, rowsOf } from '../../db/sql.js';

export type BulkJobRow = typeof bulkJob.$inferSelect;
export type BulkJobValues = Omit<typeof bulkJob.$inferInsert, 'id' | 'createdDate'>;

/** The installation's one manufacturer row holds the switch. */
const MANUFACTURER_ID = 1;

export async function bulkUploadsActive(db: DbOrTx, forUpdate = false): Promise<boolean> {
  const query = db.select({ active: manufacturer.bulkUploadsActive }).from(manufacturer).where(eq(manufacturer.id, MANUFACTURER_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.active ?? true;
}

export async function setBulkUploadsActive(db: DbOrTx, active: boolean): Promise<void> {
  await db.update(manufacturer).set({ bulkUploadsActive: active }).where(eq(manufacturer.id, MANUFACTURER_ID));
}

export async function findProductTypeOf(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ id: productType.id, businessUnitId: productType.businessUnitId, name: productType.name, slug: productType.slug })
    .from(productType)
    .where(eq(productType.id, id));
  return row;
}

/**
 * The columns of a product type's sheet: its attribute definitions in the order the forms show
 * them, with what the template explains of each (export, import and template read the same list).
 */
export async function sheetDefinitions(db: DbOrTx, productTypeId: number) {
  return db
    .select({
      id: attributeDefinition.id,
      name: attributeDefinition.name,
      slug: attributeDefinition.slug,
      type: attributeDefinition.type,
      isUnique: attributeDefinition.isUnique,
      isMandatory: attributeDefinition.isMandatory,
      isActive: attributeDefinition.isActive,
      meta: attributeDefinition.meta,
    })
    .from(attributeDefinition)
    .where(eq(attributeDefinition.productTypeId, productTypeId))
    .orderBy(asc(attributeDefinition.visualizationOrder), asc(attributeDefinition.id));
}

export async function insertJob(db: DbOrTx, values: BulkJobValues): Promise<BulkJobRow> {
  const [row] = await db.insert(bulkJob).values(values).returning();
  if (!row) throw new Error('bulk job not inserted');
  return row;
}

export async function findJob(db: DbOrTx, id: number): Promise<BulkJobRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(bulkJob).where(eq(bulkJob.id, id));
  return row;
}

export async function updateJob(db: DbOrTx, id: number, values: Partial<BulkJobValues>): Promise<void> {
  await db.update(bulkJob).set(values).where(eq(bulkJob.id, id));
}

/** One product as its sheet row needs it: its values by definition id, its groups' and lot ranges' names. */
export interface SheetProduct {
  keyCode: string;
  sortKey: string;
  values: Record<string, string>;
  groups: string[];
  lotRanges: string[];
  /** YYYY-MM-DD, or null. */
  endOfLifeDate: string | null;
}

/**
 * A page of a product type's products in key-code order after `afterKey` (lower-cased key codes,
 * unique in the unit: the key of the type's key-code index), each with its values, groups and
 * lot ranges in one statement.
 */
export async function productPage(db: DbOrTx, productTypeId: number, afterKey: string | null, size: number): Promise<SheetProduct[]> {
  const rows = await rowsOf<{
    key_code: string;
    sort_key: string;
    end_of_life_date: string | null;
    attribute_values: unknown;
    groups: unknown;
    lot_ranges: unknown;
  }>(
    db,
    sql`SELECT p.key_code, lower(p.key_code) AS sort_key, to_char(p.end_of_life_date, 'YYYY-MM-DD') AS end_of_life_date,
          coalesce((SELECT json_object_agg(v.attribute_definition_id, v.value) FROM product_type_attribute_value v WHERE v.product_id = p.id), '{}') AS attribute_values,
          coalesce((SELECT json_agg(g.name ORDER BY g.name) FROM product_group_product gp JOIN product_group g ON g.id = gp.product_group_id
                     WHERE gp.product_id = p.id), '[]') AS groups,
          coalesce((SELECT json_agg(l.name ORDER BY l.name) FROM product_lot_range pl JOIN lot_range l ON l.id = pl.lot_range_id
                     WHERE pl.product_id = p.id), '[]') AS lot_ranges
        FROM product p
        WHERE p.product_type_id = ${productTypeId} ${afterKey === null ? sql`` : sql`AND lower(p.key_code) > ${afterKey}`}
        ORDER BY lower(p.key_code)
        LIMIT ${size}`,
  );
  return rows.map((r) => ({
    keyCode: r.key_code,
    sortKey: r.sort_key,
    values: fromJson<Record<string, string>>(r.attribute_values),
    groups: fromJson<string[]>(r.groups),
    lotRanges: fromJson<string[]>(r.lot_ranges),
    endOfLifeDate: r.end_of_life_date,
  }));
}

/** The address and language setting of the user a job's mail goes to. */
export async function recipientOf(db: DbOrTx, userId: number): Promise<{ email: string; langKey: string } | undefined> {
  const [row] = await db.select({ email: appUser.email, langKey: appUser.langKey }).from(appUser).where(eq(appUser.id, userId));
  return row;
}

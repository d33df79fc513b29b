import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businessUnit, productGroup, productGroupRemark, productRemark } from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';

export type ProductRemarkRow = typeof productRemark.$inferSelect;
export type ProductRemarkValues = Pick<
  typeof productRemark.$inferInsert,
  'businessUnitId' | 'name' | 'visualizationOrder' | 'hcp' | 'patient' | 'content'
>;

export async function findRemark(db: DbOrTx, id: number): Promise<ProductRemarkRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(productRemark).where(eq(productRemark.id, id));
  return row;
}

/** The remark row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findRemarkForUpdate(db: DbOrTx, id: number): Promise<ProductRemarkRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(productRemark).where(eq(productRemark.id, id)).for('update');
  return row;
}

/** The remarks of a business unit, by visualisation order, then name. */
export async function listRemarks(db: DbOrTx, businessUnitId: number, search?: string): Promise<ProductRemarkRow[]> {
  return db
    .select()
    .from(productRemark)
    .where(and(eq(productRemark.businessUnitId, businessUnitId), search ? ilike(productRemark.name, likePattern(search)) : undefined))
    .orderBy(asc(productRemark.visualizationOrder), asc(sql`lower(${productRemark.name})`), asc(productRemark.id));
}

/** The product groups that show each remark. */
export async function groupsOfRemarks(db: DbOrTx, remarkIds: number[]) {
  if (remarkIds.length === 0) return [];
  return db
    .select({ remarkId: productGroupRemark.productRemarkId, id: productGroup.id, name: productGroup.name })
    .from(productGroupRemark)
    .innerJoin(productGroup, eq(productGroup.id, productGroupRemark.productGroupId))
    .where(inArray(productGroupRemark.productRemarkId, remarkIds))
    .orderBy(asc(sql`lower(${productGroup.name})`), asc(productGroup.id));
}

/** Whether another remark of the business unit already has this name, ignoring case. */
export async function remarkNameTaken(db: DbOrTx, businessUnitId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productRemark.id })
    .from(productRemark)
    .where(
      and(
        eq(productRemark.businessUnitId, businessUnitId),
        sql`lower(${productRemark.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(productRemark.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function businessUnitExists(db: DbOrTx, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const [row] = await db.select({ id: businessUnit.id }).from(businessUnit).where(eq(businessUnit.id, id));
  return row !== undefined;
}

export async function insertRemark(db: DbOrTx, values: ProductRemarkValues): Promise<ProductRemarkRow> {
  const [row] = await db.insert(productRemark).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateRemark(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<ProductRemarkValues> & { cloudStorageObjectKey?: string | null },
): Promise<ProductRemarkRow | undefined> {
  const [row] = await db
    .update(productRemark)
    .set({ ...values, version: sql`${productRemark.version} + 1` })
    .where(and(eq(productRemark.id, id), eq(productRemark.version, version)))
    .returning();
  return row;
}

/** Deletes the remark; its links to product groups go with it. */
export async function deleteRemark(db: DbOrTx, id: number): Promise<void> {
  await db.delete(productRemark).where(eq(productRemark.id, id));
}

/** How many remarks a business unit holds (they keep the unit from being deleted). */
export async function countUnitRemarks(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productRemark).where(eq(productRemark.businessUnitId, businessUnitId));
  return row?.n ?? 0;
}

/** The unit's remarks as a statement for the translations (decision 0089): id, label (the name), content. */
export function remarkTextsQuery(businessUnitId: number): SQL {
  return sql`SELECT ${productRemark.id} AS id, ${productRemark.name} AS label, ${productRemark.content} AS "content"
    FROM ${productRemark} WHERE ${productRemark.businessUnitId} = ${businessUnitId}`;
}

import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lotRange, product, productLotRange, productType } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type LotRangeRow = typeof lotRange.$inferSelect;
export type LotRangeValues = Pick<LotRangeRow, 'name' | 'numbers' | 'archiveDate' | 'appliesToAll'>;

export async function lotRangeUnitOf(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select({ unit: lotRange.businessUnitId }).from(lotRange).where(eq(lotRange.id, id));
  return row?.unit;
}

export async function findLotRange(db: DbOrTx, id: number, forUpdate = false): Promise<LotRangeRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db.select().from(lotRange).where(eq(lotRange.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The ranges with these ids (any business unit), locked until the transaction ends. */
export async function findLotRangesForUpdate(db: DbOrTx, ids: readonly number[]): Promise<LotRangeRow[]> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  return db.select().from(lotRange).where(inArray(lotRange.id, valid)).orderBy(asc(lotRange.id)).for('update');
}

/** The lowercased names among `lowerNames` that a range of the unit other than `exceptIds` holds. */
export async function lotRangeNamesTaken(
  db: DbOrTx,
  businessUnitId: number,
  lowerNames: readonly string[],
  exceptIds: readonly number[],
): Promise<Set<string>> {
  if (lowerNames.length === 0) return new Set();
  const where: SQL[] = [eq(lotRange.businessUnitId, businessUnitId), inArray(sql`lower(${lotRange.name})`, [...lowerNames])];
  if (exceptIds.length > 0) where.push(notInArray(lotRange.id, [...exceptIds]));
  const rows = await db
    .select({ name: sql<string>`lower(${lotRange.name})` })
    .from(lotRange)
    .where(and(...where));
  return new Set(rows.map((r) => r.name));
}

export async function insertLotRange(
  db: DbOrTx,
  values: LotRangeValues & { businessUnitId: number; productTypeId: number },
): Promise<LotRangeRow> {
  const [row] = await db.insert(lotRange).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise. */
export async function updateLotRange(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<LotRangeValues>,
): Promise<LotRangeRow | undefined> {
  const [row] = await db
    .update(lotRange)
    .set({ ...values, version: version + 1 })
    .where(and(eq(lotRange.id, id), eq(lotRange.version, version)))
    .returning();
  return row;
}

export async function linkedLotRangeIds(db: DbOrTx, productId: number): Promise<number[]> {
  const rows = await db.select({ id: productLotRange.lotRangeId }).from(productLotRange).where(eq(productLotRange.productId, productId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Each product's linked lot range ids, sorted (products without any are absent): `linkedLotRangeIds` read for many. */
export async function linkedLotRangeIdsOf(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productLotRange.productId, id: productLotRange.lotRangeId })
    .from(productLotRange)
    .where(inArray(productLotRange.productId, [...productIds]))
    .orderBy(asc(productLotRange.lotRangeId));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.id]);
  return out;
}

/** The products among the ids that have a lot range (a batch update leaves those to the one-by-one path, decision 0067). */
export async function productsWithLotRanges(db: DbOrTx, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: productLotRange.productId })
    .from(productLotRange)
    .where(inArray(productLotRange.productId, [...productIds]));
  return new Set(rows.map((r) => r.id));
}

export async function linkLotRanges(db: DbOrTx, productId: number, lotRangeIds: readonly number[]): Promise<void> {
  if (lotRangeIds.length === 0) return;
  await db
    .insert(productLotRange)
    .values(lotRangeIds.map((lotRangeId) => ({ productId, lotRangeId })))
    .onConflictDoNothing();
}

export async function unlinkLotRanges(db: DbOrTx, productId: number, lotRangeIds: readonly number[]): Promise<void> {
  if (lotRangeIds.length === 0) return;
  await db
    .delete(productLotRange)
    .where(and(eq(productLotRange.productId, productId), inArray(productLotRange.lotRangeId, [...lotRangeIds])));
}

/** Deletes those of the ranges that no product links and that do not apply to all products; answers them. */
export async function deleteLotRangesWithoutProducts(db: DbOrTx, ids: readonly number[]): Promise<LotRangeRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(lotRange)
    .where(
      and(
        inArray(lotRange.id, [...ids]),
        eq(lotRange.appliesToAll, false),
        sql`NOT EXISTS (SELECT 1 FROM ${productLotRange} WHERE ${productLotRange.lotRangeId} = ${lotRange.id})`,
      ),
    )
    .returning();
}

/** The ranges a product shows: those linked to it and those of its type that apply to all products. */
export async function lotRangesOfProduct(db: DbOrTx, productId: number, productTypeId: number): Promise<LotRangeRow[]> {
  return db
    .select()
    .from(lotRange)
    .where(
      and(
        eq(lotRange.productTypeId, productTypeId),
        or(
          eq(lotRange.appliesToAll, true),
          sql`EXISTS (SELECT 1 FROM ${productLotRange} WHERE ${productLotRange.lotRangeId} = ${lotRange.id} AND ${productLotRange.productId} = ${productId})`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${lotRange.name})`), asc(lotRange.id));
}

export interface LotRangeReviewFilter {
  businessUnitId?: number;
  productTypeId?: number;
  /** true: archived only (archive date reached); false: current only; undefined: all. */
  archived?: boolean;
}

/** Ranges of a unit or product type, with their product type's name. */
export async function reviewLotRanges(db: DbOrTx, f: LotRangeReviewFilter) {
  const where: SQL[] = [];
  if (f.businessUnitId !== undefined) where.push(eq(lotRange.businessUnitId, f.businessUnitId));
  if (f.productTypeId !== undefined) where.push(eq(lotRange.productTypeId, f.productTypeId));
  if (f.archived === true) where.push(lte(lotRange.archiveDate, sql`now()`));
  if (f.archived === false) where.push(or(isNull(lotRange.archiveDate), gt(lotRange.archiveDate, sql`now()`)) as SQL);
  return db
    .select({ range: lotRange, productTypeName: productType.name })
    .from(lotRange)
    .innerJoin(productType, eq(productType.id, lotRange.productTypeId))
    .where(and(...where))
    .orderBy(asc(sql`lower(${lotRange.name})`), asc(lotRange.id));
}

/** The products linked to each of the ranges, by key code. */
export async function productsOfLotRanges(db: DbOrTx, lotRangeIds: readonly number[]) {
  if (lotRangeIds.length === 0) return [];
  return db
    .select({ lotRangeId: productLotRange.lotRangeId, id: product.id, keyCode: product.keyCode })
    .from(productLotRange)
    .innerJoin(product, eq(product.id, productLotRange.productId))
    .where(inArray(productLotRange.lotRangeId, [...lotRangeIds]))
    .orderBy(asc(sql`lower(${product.keyCode})`), asc(product.id));
}

export async function productTypeNameOf(db: DbOrTx, productTypeId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: productType.name }).from(productType).where(eq(productType.id, productTypeId));
  return row?.name;
}

/** How many lot ranges the unit holds (archived ones too): they keep the unit, like its product types. */
export async function countUnitLotRanges(db: DbOrTx, businessUnitId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(lotRange).where(eq(lotRange.businessUnitId, businessUnitId));
  return Number(row?.n ?? 0);
}

import type { BulkJobStatus } from '@vellum/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bulkJob, bulkJobError, businessUnit, lotRange, product, productGroup } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';
import type { BulkJobRow, BulkJobValues } from './bulk.repo.js';

/** The unit of an import job (undefined: no such import). */
export async function importUnitOf(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ unit: bulkJob.businessUnitId })
    .from(bulkJob)
    .where(and(eq(bulkJob.id, id), eq(bulkJob.kind, 'IMPORT')));
  return row?.unit;
}

/** The unit's imports of an entity (of a product type), newest first, and how many there are. */
export async function listImports(
  db: DbOrTx,
  scope: { businessUnitId: number; entity: string; productTypeId?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: BulkJobRow[]; total: number }> {
  const where = and(
    eq(bulkJob.businessUnitId, scope.businessUnitId),
    eq(bulkJob.entity, scope.entity),
    eq(bulkJob.kind, 'IMPORT'),
    scope.productTypeId === undefined ? undefined : eq(bulkJob.productTypeId, scope.productTypeId),
  );
  const rows = await db
    .select()
    .from(bulkJob)
    .where(where)
    .orderBy(desc(bulkJob.createdDate), desc(bulkJob.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(bulkJob).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Changes an import's row only while its status is one of `from` (a cancel racing the end of an
 * import, two upload-completes): answers the changed row, or undefined when the status had moved on.
 */
export async function moveImport(
  db: DbOrTx,
  id: number,
  from: readonly BulkJobStatus[],
  values: Partial<BulkJobValues>,
): Promise<BulkJobRow | undefined> {
  const [row] = await db
    .update(bulkJob)
    .set(values)
    .where(and(eq(bulkJob.id, id), eq(bulkJob.kind, 'IMPORT'), inArray(bulkJob.status, [...from])))
    .returning();
  return row;
}

/** Takes the upload token of an import that waits for its zip: once only, and by one request at a time. */
export async function takeUploadToken(db: DbOrTx, id: number): Promise<BulkJobRow | undefined> {
  const [row] = await db
    .update(bulkJob)
    .set({ uploadTokenUsed: true })
    .where(and(eq(bulkJob.id, id), eq(bulkJob.kind, 'IMPORT'), eq(bulkJob.status, 'UPLOADING'), eq(bulkJob.uploadTokenUsed, false)))
    .returning();
  return row;
}

/** Gives the token back after a failed transfer, so the same URL may be tried again until it expires. */
export async function releaseUploadToken(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(bulkJob)
    .set({ uploadTokenUsed: false })
    .where(and(eq(bulkJob.id, id), eq(bulkJob.status, 'UPLOADING')));
}

/** Whether a cancel of the job was asked (read in the import's own transaction: it sees what others committed). */
export async function cancelAsked(db: DbOrTx, id: number, lock = false): Promise<boolean> {
  const query = db.select({ cancel: bulkJob.cancelRequested, status: bulkJob.status }).from(bulkJob).where(eq(bulkJob.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return !row || row.cancel || row.status !== 'PROCESSING';
}

export interface RowErrorValues {
  row: number;
  column: string | null;
  message: string;
  params?: Record<string, string | number>;
  value: string | null;
}

/** Records an import's errors (replacing those of an earlier attempt). */
export async function replaceErrors(db: DbOrTx, jobId: number, errors: readonly RowErrorValues[]): Promise<void> {
  await db.delete(bulkJobError).where(eq(bulkJobError.jobId, jobId));
  for (let i = 0; i < errors.length; i += 1000) {
    await db.insert(bulkJobError).values(
      errors.slice(i, i + 1000).map((e) => ({
        jobId,
        row: e.row,
        column: e.column,
        message: e.message,
        params: e.params ?? null,
        value: e.value,
      })),
    );
  }
}

/** A page of an import's errors by row, then as found. */
export async function errorPage(db: DbOrTx, jobId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(bulkJobError)
    .where(eq(bulkJobError.jobId, jobId))
    .orderBy(asc(bulkJobError.row), asc(bulkJobError.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(bulkJobError).where(eq(bulkJobError.jobId, jobId));
  return { rows, total: total?.n ?? 0 };
}

export interface ExistingProduct {
  id: number;
  keyCode: string;
  productTypeId: number;
  version: number;
  publishDate: Date | null;
  endOfLifeDate: string | null;
}

/** The products of the unit with these key codes (case-insensitive, as key codes are unique), by lower-cased key code. */
export async function productsByKeyCode(db: DbOrTx, businessUnitId: number, keyCodes: readonly string[]) {
  if (keyCodes.length === 0) return new Map<string, ExistingProduct>();
  const rows: ExistingProduct[] = await db
    .select({
      id: product.id,
      keyCode: product.keyCode,
      productTypeId: product.productTypeId,
      version: product.version,
      publishDate: product.publishDate,
      endOfLifeDate: product.endOfLifeDate,
    })
    .from(product)
    .where(
      and(
        eq(product.businessUnitId, businessUnitId),
        inArray(
          sql`lower(${product.keyCode})`,
          keyCodes.map((k) => k.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.keyCode.toLowerCase(), r]));
}

/** A product type's product groups by name. */
export async function groupsByName(db: DbOrTx, productTypeId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: productGroup.id, name: productGroup.name })
    .from(productGroup)
    .where(eq(productGroup.productTypeId, productTypeId));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A product type's lot ranges by name, as a product's lot-range entry names an existing range unchanged. */
export async function lotRangesByName(db: DbOrTx, businessUnitId: number, productTypeId: number) {
  const rows = await db
    .select()
    .from(lotRange)
    .where(and(eq(lotRange.businessUnitId, businessUnitId), eq(lotRange.productTypeId, productTypeId)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** The ids of a product type's products. */
export async function productIdsOfType(db: DbOrTx, productTypeId: number): Promise<number[]> {
  const rows = await db.select({ id: product.id }).from(product).where(eq(product.productTypeId, productTypeId)).orderBy(asc(product.id));
  return rows.map((r) => r.id);
}

/** The unit's bulk import type (spec 001 §3): ADD, or REPLACE (what the sheet leaves out is removed). */
export async function importTypeOf(db: DbOrTx, businessUnitId: number): Promise<string | undefined> {
  const [row] = await db.select({ type: businessUnit.bulkImportType }).from(businessUnit).where(eq(businessUnit.id, businessUnitId));
  return row?.type;
}

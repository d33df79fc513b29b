import { and, asc, count, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, bulkJob, businessUnit, productType, scheduledExport } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';
import type { PageRequest } from '../../platform/paging.js';

export type ScheduledExportRow = typeof scheduledExport.$inferSelect;
export type ScheduledExportValues = Omit<typeof scheduledExport.$inferInsert, 'id' | 'createdDate' | 'version'>;

/** The columns a list sorts by. */
export const SORTABLE = {
  productTypeName: productType.name,
  frequency: scheduledExport.frequency,
  nextRunAt: scheduledExport.nextRunAt,
  id: scheduledExport.id,
};

const withType = { row: scheduledExport, productTypeName: productType.name };

export async function findScheduledExport(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select(withType)
    .from(scheduledExport)
    .leftJoin(productType, eq(productType.id, scheduledExport.productTypeId))
    .where(eq(scheduledExport.id, id));
  return row;
}

/** The row, locked until the transaction ends. */
export async function findScheduledExportForUpdate(db: DbOrTx, id: number): Promise<ScheduledExportRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(scheduledExport).where(eq(scheduledExport.id, id)).for('update');
  return row;
}

export async function listScheduledExports(db: DbOrTx, businessUnitId: number, page: PageRequest) {
  const where = eq(scheduledExport.businessUnitId, businessUnitId);
  const [rows, [total]] = await Promise.all([
    db
      .select(withType)
      .from(scheduledExport)
      .leftJoin(productType, eq(productType.id, scheduledExport.productTypeId))
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(scheduledExport).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the unit already schedules this entity (of this product type) (another row than `exceptId`). */
export async function scheduleTaken(
  db: DbOrTx,
  key: { businessUnitId: number; entity: string; productTypeId: number | null },
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: scheduledExport.id })
    .from(scheduledExport)
    .where(
      and(
        eq(scheduledExport.businessUnitId, key.businessUnitId),
        eq(scheduledExport.entity, key.entity),
        key.productTypeId === null ? isNull(scheduledExport.productTypeId) : eq(scheduledExport.productTypeId, key.productTypeId),
        exceptId === undefined ? undefined : ne(scheduledExport.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function unitOfProductType(db: DbOrTx, id: number): Promise<number | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select({ unit: productType.businessUnitId }).from(productType).where(eq(productType.id, id));
  return row?.unit;
}

export async function insertScheduledExport(db: DbOrTx, values: ScheduledExportValues): Promise<ScheduledExportRow> {
  const [row] = await db.insert(scheduledExport).values(values).returning();
  if (!row) throw new Error('scheduled export not inserted');
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateScheduledExport(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<ScheduledExportValues>,
): Promise<ScheduledExportRow | undefined> {
  const [row] = await db
    .update(scheduledExport)
    .set({ ...values, version: sql`${scheduledExport.version} + 1` })
    .where(and(eq(scheduledExport.id, id), eq(scheduledExport.version, version)))
    .returning();
  return row;
}

export async function deleteScheduledExport(db: DbOrTx, id: number): Promise<void> {
  await db.delete(scheduledExport).where(eq(scheduledExport.id, id));
}

/**
 * The active schedules whose run has come, locked and skipped by any other transaction that holds
 * them (FOR UPDATE SKIP LOCKED): two workers' ticks never take the same row.
 */
export async function lockDueSchedules(db: DbOrTx, now: Date, limit: number): Promise<ScheduledExportRow[]> {
  return db
    .select()
    .from(scheduledExport)
    .where(and(eq(scheduledExport.active, true), lte(scheduledExport.nextRunAt, now)))
    .orderBy(asc(scheduledExport.nextRunAt), asc(scheduledExport.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Finished exports whose zip is still stored and was made before `before`, oldest first. */
export async function storedExportsBefore(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: bulkJob.id, storageKey: bulkJob.storageKey })
    .from(bulkJob)
    .where(
      and(
        eq(bulkJob.kind, 'EXPORT'),
        isNotNull(bulkJob.storageKey),
        sql`coalesce(${bulkJob.processedDate}, ${bulkJob.createdDate}) < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(bulkJob.id))
    .limit(limit);
}

/** Marks an export's zip removed: no storage key, a line in its log. */
export async function markExportRemoved(db: DbOrTx, id: number, line: string): Promise<void> {
  await db
    .update(bulkJob)
    .set({ storageKey: null, log: sql`${bulkJob.log} || ${`\n${line}`}` })
    .where(eq(bulkJob.id, id));
}

export type ExportJobValues = Omit<typeof bulkJob.$inferInsert, 'id' | 'createdDate'>;

/** Writes the row of an export job (the products' export runs it, decision 0056). */
export async function insertExportJob(db: DbOrTx, values: ExportJobValues) {
  const [row] = await db.insert(bulkJob).values(values).returning({ id: bulkJob.id });
  if (!row) throw new Error('bulk job not inserted');
  return row;
}

/** After a tick: when it ran, when it runs next, which export it queued (not a user's edit: the version stays). */
export async function markRun(
  db: DbOrTx,
  id: number,
  values: { lastRunAt: Date; nextRunAt: Date | null; lastJobId: number },
): Promise<void> {
  await db.update(scheduledExport).set(values).where(eq(scheduledExport.id, id));
}

export async function findExportJob(db: DbOrTx, id: number) {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({
      id: bulkJob.id,
      businessUnitId: bulkJob.businessUnitId,
      unitName: businessUnit.displayName,
      unitSlug: businessUnit.slug,
      unitLanguages: businessUnit.interfaceLanguages,
      entity: bulkJob.entity,
      kind: bulkJob.kind,
      status: bulkJob.status,
      fileFormat: bulkJob.fileFormat,
      rowsTotal: bulkJob.rowsTotal,
      log: bulkJob.log,
      storageKey: bulkJob.storageKey,
      productTypeName: productType.name,
      productTypeSlug: productType.slug,
    })
    .from(bulkJob)
    .leftJoin(productType, eq(productType.id, bulkJob.productTypeId))
    .leftJoin(businessUnit, eq(businessUnit.id, bulkJob.businessUnitId))
    .where(eq(bulkJob.id, id));
  return row;
}

/** The language setting of the user with this address (any case), if one has it. */
export async function languageOfAddress(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ langKey: appUser.langKey })
    .from(appUser)
    .where(sql`lower(${appUser.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row?.langKey;
}

export async function failExportJob(db: DbOrTx, id: number, log: string, now: Date): Promise<void> {
  await db.update(bulkJob).set({ status: 'FAILED', processedDate: now, log }).where(eq(bulkJob.id, id));
}

/** The stored zips of a unit's exports (removed from storage once a delete of the unit commits). */
export async function storedExportKeysOfUnit(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const rows = await db
    .select({ key: bulkJob.storageKey })
    .from(bulkJob)
    .where(and(eq(bulkJob.businessUnitId, businessUnitId), eq(bulkJob.kind, 'EXPORT'), isNotNull(bulkJob.storageKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

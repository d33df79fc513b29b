import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { bulkJob, bulkJobError, productType, scheduledExport } from '../db/schema/index.js';
import { nextRunAfter } from '../modules/scheduled-exports/next-run.js';
import type { StoredObjects } from './demo-files.js';

const HOUR = 60 * 60 * 1000;

/** The rejected rows of the demo's WARNING import, as the import writes them (TXT, an Error column). */
const REJECTED_ROWS = [
  ['Key code', 'Model [model]', 'Size [size]', 'Brand [brand]', 'Error'],
  ['PM-9001', '', 'M', 'Vita', 'Model [model]: must not be blank'],
]
  .map((cells) => `${cells.join('\t')}\r\n`)
  .join('');

async function typeOf(db: DbOrTx, businessUnitId: number, slug: string) {
  const [row] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(and(eq(productType.businessUnitId, businessUnitId), eq(productType.slug, slug)));
  if (!row) throw new Error(`demo: no product type ${slug}`);
  return row.id;
}

/**
 * What shows the bulk area at once (issue 21): two finished products' imports of Cardiology's
 * pacemakers on the upload page, one SUCCESS with its counts and one WARNING whose rejected row can
 * be downloaded (with a file store only), and a weekly scheduled export of them to the manager.
 */
export async function seedBulkDemo(
  db: DbOrTx,
  stored: StoredObjects | undefined,
  cardiology: { id: number },
  admin: { id: number; login: string },
  now = new Date(),
) {
  const typeId = await typeOf(db, cardiology.id, 'pacemakers');
  const imported = (hoursAgo: number) => ({
    businessUnitId: cardiology.id,
    entity: 'PRODUCT',
    productTypeId: typeId,
    userId: admin.id,
    userLogin: admin.login,
    kind: 'IMPORT',
    fileFormat: 'TXT',
    createdDate: new Date(now.getTime() - hoursAgo * HOUR),
    processedDate: new Date(now.getTime() - hoursAgo * HOUR + 60_000),
  });
  await db.insert(bulkJob).values({
    ...imported(50),
    status: 'SUCCESS',
    fileName: 'pacemakers-2026.zip',
    fileSize: 18_432,
    rowsTotal: 12,
    rowsDone: 12,
    rowsCreated: 4,
    rowsUpdated: 8,
    log: '12 rows: 4 created, 8 updated, 0 removed, 0 rejected.',
  });
  let rejectedRowsKey: string | null = null;
  if (stored) {
    rejectedRowsKey = await stored.store.put('bulk-rejected', Buffer.from(REJECTED_ROWS, 'utf8'), 'txt');
    stored.keys.push(rejectedRowsKey);
  }
  const [warning] = await db
    .insert(bulkJob)
    .values({
      ...imported(26),
      status: 'WARNING',
      fileName: 'pacemakers-update.zip',
      fileSize: 9_216,
      onError: 'VALID_ROWS',
      rowsTotal: 6,
      rowsDone: 6,
      rowsUpdated: 5,
      rowsRejected: 1,
      rejectedRowsKey,
      log: '6 rows: 0 created, 5 updated, 0 removed, 1 rejected.',
    })
    .returning({ id: bulkJob.id });
  if (warning) {
    await db
      .insert(bulkJobError)
      .values({ jobId: warning.id, row: 2, column: 'Model [model]', message: 'error.validation', params: { code: 'NotBlank' }, value: '' });
  }
  const timing = { frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, hour: 7, timeZone: 'Europe/Brussels' };
  await db.insert(scheduledExport).values({
    businessUnitId: cardiology.id,
    entity: 'PRODUCT',
    productTypeId: typeId,
    fileFormat: 'XLS',
    ...timing,
    recipients: ['manager@vellum.demo'],
    createdById: admin.id,
    createdByLogin: admin.login,
    nextRunAt: nextRunAfter(timing, now),
  });
}

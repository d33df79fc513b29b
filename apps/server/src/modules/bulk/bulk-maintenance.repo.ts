import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bulkJob } from '../../db/schema/index.js';
import { instant, rowsOf } from '../../db/sql.js';

/** A line added to a job's log. */
const logWith = (line: string) => sql`concat_ws(E'\\n', nullif(${bulkJob.log}, ''), ${line}::text)`;

/**
 * Marks a job FAILED with a line in its log, only while it is still PROCESSING (its own failure
 * handling, a cancel or a later success having written its state first wins). Answers whether it moved.
 */
export async function failProcessing(db: DbOrTx, id: number, line: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(bulkJob)
    .set({ status: 'FAILED', processedDate: now, log: logWith(line) })
    .where(and(eq(bulkJob.id, id), eq(bulkJob.status, 'PROCESSING')))
    .returning({ id: bulkJob.id });
  return rows.length > 0;
}

/**
 * Imports and exports PROCESSING since before `before` whose job on the queue is no longer
 * waiting, retrying nor running (its last attempt failed or expired, or it was never queued).
 */
export async function abandonedProcessing(db: DbOrTx, before: Date, queues: readonly string[], limit: number) {
  return rowsOf<{ id: number; kind: string }>(
    db,
    sql`SELECT b.id, b.kind FROM bulk_job b
        WHERE b.status = 'PROCESSING' AND b.created_date < ${instant(before)}
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
            WHERE j.name IN (${sql.join(
              queues.map((q) => sql`${q}`),
              sql`, `,
            )})
              AND j.data->>'jobId' = b.id::text
              AND j.state IN ('created', 'retry', 'active'))
        ORDER BY b.id LIMIT ${limit}`,
  );
}

/** Uploads still UPLOADING or UPLOADED that were asked for before `before`. */
export async function unfinishedUploads(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: bulkJob.id, storageKey: bulkJob.storageKey })
    .from(bulkJob)
    .where(and(eq(bulkJob.kind, 'IMPORT'), inArray(bulkJob.status, ['UPLOADING', 'UPLOADED']), lt(bulkJob.createdDate, before)))
    .orderBy(asc(bulkJob.id))
    .limit(limit);
}

/** Marks an unfinished upload FAILED without its zip, only while it is still unfinished. */
export async function failUpload(db: DbOrTx, id: number, line: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(bulkJob)
    .set({ status: 'FAILED', processedDate: now, storageKey: null, log: logWith(line) })
    .where(and(eq(bulkJob.id, id), inArray(bulkJob.status, ['UPLOADING', 'UPLOADED'])))
    .returning({ id: bulkJob.id });
  return rows.length > 0;
}

/** Finished imports, processed before `before`, that still keep their zip or rejected rows. */
export async function finishedImportsWithFiles(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: bulkJob.id, storageKey: bulkJob.storageKey, rejectedRowsKey: bulkJob.rejectedRowsKey })
    .from(bulkJob)
    .where(
      and(
        eq(bulkJob.kind, 'IMPORT'),
        inArray(bulkJob.status, ['SUCCESS', 'WARNING', 'FAILED']),
        lt(bulkJob.processedDate, before),
        or(isNotNull(bulkJob.storageKey), isNotNull(bulkJob.rejectedRowsKey)),
      ),
    )
    .orderBy(asc(bulkJob.id))
    .limit(limit);
}

/** Forgets a finished import's stored files, with a line in its log. */
export async function forgetImportFiles(db: DbOrTx, id: number, line: string): Promise<void> {
  await db
    .update(bulkJob)
    .set({ storageKey: null, rejectedRowsKey: null, log: logWith(line) })
    .where(eq(bulkJob.id, id));
}

import type { Deps } from '../../platform/deps.js';
import type { JobHandler } from '../../platform/jobs.js';
import { EXPORT_QUEUE } from './bulk-export.js';
import {
  abandonedProcessing,
  failProcessing,
  failUpload,
  finishedImportsWithFiles,
  forgetImportFiles,
  unfinishedUploads,
} from './bulk-maintenance.repo.js';
import { IMPORT_QUEUE } from './import/import-job.js';

/** The bulk area's daily maintenance (decision 0057): jobs left behind, uploads never completed, old files. */
export const BULK_MAINTENANCE_QUEUE = 'bulk-maintenance';
export const BULK_MAINTENANCE_CRON = '50 3 * * *';

const HOUR = 60 * 60 * 1000;
/** Twice a job's 90-minute attempt, and a margin: a PROCESSING job older than this whose queue job is gone is dead. */
const PROCESSING_MAX_MS = 3 * HOUR;
const UPLOAD_MAX_MS = 24 * HOUR;
/** How long a finished import keeps its zip and rejected rows (what the audit may ask for). */
const IMPORT_FILES_KEPT_MS = 30 * 24 * HOUR;
const BATCH = 200;
/** The queues whose jobs carry a bulk job's id (a scheduled export's run included). */
const BULK_QUEUES = [IMPORT_QUEUE, EXPORT_QUEUE, 'scheduled-export-run'];

const IMPORT_FAILED_LINE = 'The import failed unexpectedly; nothing was applied.';
const EXPORT_FAILED_LINE = 'The export failed unexpectedly.';
const UPLOAD_EXPIRED_LINE = 'The upload was not completed within 24 hours.';

/** Marks a job whose last attempt failed, or that died with its worker, FAILED (a no-op once it has ended). */
function failUnexpectedly(deps: Pick<Deps, 'db'>, jobId: number, kind: string, now: Date): Promise<boolean> {
  return failProcessing(deps.db, jobId, kind === 'IMPORT' ? IMPORT_FAILED_LINE : EXPORT_FAILED_LINE, now);
}

/**
 * A bulk job's handler: a failure of the attempt pg-boss will not retry marks the row FAILED with
 * a line in its log before the attempt fails (earlier attempts just fail and are retried).
 */
export function failingOnLastAttempt<T extends { jobId: number }>(
  deps: Pick<Deps, 'db'>,
  kind: 'IMPORT' | 'EXPORT',
  run: (data: T) => Promise<void>,
): JobHandler<T> {
  return async (data, attempt) => {
    try {
      await run(data);
    } catch (err) {
      if (attempt.last) await failUnexpectedly(deps, data.jobId, kind, new Date());
      throw err;
    }
  };
}

/** Runs the three sweeps at `now` (injected by the tests); answers what each changed. */
export async function bulkMaintenance(deps: Pick<Deps, 'db' | 'files'>, now = new Date()) {
  const done = { processing: 0, uploads: 0, files: 0 };
  for (;;) {
    const rows = await abandonedProcessing(deps.db, new Date(now.getTime() - PROCESSING_MAX_MS), BULK_QUEUES, BATCH);
    for (const r of rows) if (await failUnexpectedly(deps, r.id, r.kind, now)) done.processing++;
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await unfinishedUploads(deps.db, new Date(now.getTime() - UPLOAD_MAX_MS), BATCH);
    for (const r of rows) {
      if (!(await failUpload(deps.db, r.id, UPLOAD_EXPIRED_LINE, now))) continue;
      if (r.storageKey) await deps.files.delete(r.storageKey);
      done.uploads++;
    }
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await finishedImportsWithFiles(deps.db, new Date(now.getTime() - IMPORT_FILES_KEPT_MS), BATCH);
    for (const r of rows) {
      if (r.storageKey) await deps.files.delete(r.storageKey);
      if (r.rejectedRowsKey) await deps.files.delete(r.rejectedRowsKey);
      await forgetImportFiles(deps.db, r.id, `${now.toISOString()}: the uploaded zip and the rejected rows were removed after 30 days.`);
      done.files++;
    }
    if (rows.length < BATCH) break;
  }
  return done;
}

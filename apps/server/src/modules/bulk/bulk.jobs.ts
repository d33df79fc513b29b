import type { Deps } from '../../platform/deps.js';
import { EXPORT_QUEUE, type ExportJobData, runExport } from './bulk-export.js';
import { BULK_MAINTENANCE_CRON, BULK_MAINTENANCE_QUEUE, bulkMaintenance, failingOnLastAttempt } from './bulk-maintenance.js';
import { IMPORT_QUEUE, type ImportJobData } from './import/import-job.js';
import { runBulkImport } from './import/run-import.js';

/**
 * The bulk area's queues (decision 0056). A failure of a job's last attempt marks its row FAILED
 * (decision 0057), so no import or export stays PROCESSING once pg-boss gives up; the daily
 * maintenance catches the attempts that died without a handler to see it (a killed worker).
 */
export function bulkJobs(deps: Deps): void {
  deps.jobs.handle<ExportJobData>(
    EXPORT_QUEUE,
    failingOnLastAttempt(deps, 'EXPORT', (data) => runExport(deps, data)),
  );
  deps.jobs.handle<ImportJobData>(
    IMPORT_QUEUE,
    failingOnLastAttempt(deps, 'IMPORT', (data) => runBulkImport(deps, data)),
  );
  deps.jobs.handle(BULK_MAINTENANCE_QUEUE, async () => {
    await bulkMaintenance(deps);
  });
  deps.jobs.every(BULK_MAINTENANCE_QUEUE, BULK_MAINTENANCE_CRON);
}

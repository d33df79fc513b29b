import type { Deps } from '../../platform/deps.js';
import { EXPORT_QUEUE, type ExportJobData, runExport } from './bulk-export.js';
import { IMPORT_QUEUE, type ImportJobData, runImport } from './import/product-import.js';

/** The bulk area's queues (decision 0056). */
export function bulkJobs(deps: Deps): void {
  deps.jobs.handle<ExportJobData>(EXPORT_QUEUE, (data) => runExport(deps, data));
  deps.jobs.handle<ImportJobData>(IMPORT_QUEUE, (data) => runImport(deps, data));
}

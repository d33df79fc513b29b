import type { Deps } from '../../platform/deps.js';
import { EXPORT_QUEUE, type ExportJobData, runExport } from './bulk-export.js';

/** The bulk area's queues (decision 0056). */
export function bulkJobs(deps: Deps): void {
  deps.jobs.handle<ExportJobData>(EXPORT_QUEUE, (data) => runExport(deps, data));
}

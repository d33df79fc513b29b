import type { Deps } from '../../../platform/deps.js';
import { findJob } from '../bulk.repo.js';
import { runDocumentImport } from './document-import.js';
import type { ImportJobData } from './import-job.js';
import { runImport } from './product-import.js';

/** An import job of the queue, run by its entity's import: documents (decision 0062) or products (decision 0057). */
export async function runBulkImport(deps: Deps, data: ImportJobData): Promise<void> {
  const job = await findJob(deps.db, data.jobId);
  if (job?.entity === 'DOCUMENT') return runDocumentImport(deps, data);
  return runImport(deps, data);
}

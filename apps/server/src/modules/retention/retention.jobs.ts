import type { Deps } from '../../platform/deps.js';
import { purgeAll } from './retention.service.js';

export const RETENTION_PURGE_QUEUE = 'retention-purge';
/** Daily at 02:20 UTC, before the night's backups. */
export const RETENTION_PURGE_CRON = '20 2 * * *';

/** The daily purge of what is past retention in every unit (decision 0070). */
export function retentionJobs(deps: Deps): void {
  deps.jobs.handle(RETENTION_PURGE_QUEUE, async () => {
    await purgeAll(deps);
  });
  deps.jobs.every(RETENTION_PURGE_QUEUE, RETENTION_PURGE_CRON);
}

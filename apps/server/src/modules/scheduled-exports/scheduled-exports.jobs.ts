import type { Deps } from '../../platform/deps.js';
import { failingOnLastAttempt } from '../bulk/bulk-maintenance.js';
import { EXPORT_EXPIRY_CRON, EXPORT_EXPIRY_QUEUE, expireStoredExports } from './export-expiry.js';
import {
  runScheduledExport,
  SCHEDULED_RUN_QUEUE,
  SCHEDULED_TICK_CRON,
  SCHEDULED_TICK_QUEUE,
  type ScheduledRunData,
  tick,
} from './scheduled-export-runs.js';

/**
 * A run's handler: the failure of the attempt pg-boss will not retry marks its export row FAILED
 * with a line in its log (as a requested export's), so no scheduled run stays PROCESSING.
 */
export function scheduledRunHandler(deps: Deps) {
  return failingOnLastAttempt<ScheduledRunData>(deps, 'EXPORT', (data) => runScheduledExport(deps, data));
}

/** The scheduled exports' queues (decision 0059): the 15-minute tick, each run, and the daily expiry of stored zips. */
export function scheduledExportJobs(deps: Deps): void {
  deps.jobs.handle(SCHEDULED_TICK_QUEUE, async () => {
    await tick(deps);
  });
  deps.jobs.every(SCHEDULED_TICK_QUEUE, SCHEDULED_TICK_CRON);
  deps.jobs.handle<ScheduledRunData>(SCHEDULED_RUN_QUEUE, scheduledRunHandler(deps));
  deps.jobs.handle(EXPORT_EXPIRY_QUEUE, async () => {
    await expireStoredExports(deps);
  });
  deps.jobs.every(EXPORT_EXPIRY_QUEUE, EXPORT_EXPIRY_CRON);
}

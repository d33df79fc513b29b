import type { Deps } from '../../platform/deps.js';
import { EXPORT_EXPIRY_CRON, EXPORT_EXPIRY_QUEUE, expireStoredExports } from './export-expiry.js';
import {
  runScheduledExport,
  SCHEDULED_RUN_QUEUE,
  SCHEDULED_TICK_CRON,
  SCHEDULED_TICK_QUEUE,
  type ScheduledRunData,
  tick,
} from './scheduled-export-runs.js';

/** The scheduled exports' queues (decision 0059): the 15-minute tick, each run, and the daily expiry of stored zips. */
export function scheduledExportJobs(deps: Deps): void {
  deps.jobs.handle(SCHEDULED_TICK_QUEUE, async () => {
    await tick(deps);
  });
  deps.jobs.every(SCHEDULED_TICK_QUEUE, SCHEDULED_TICK_CRON);
  deps.jobs.handle<ScheduledRunData>(SCHEDULED_RUN_QUEUE, (data) => runScheduledExport(deps, data));
  deps.jobs.handle(EXPORT_EXPIRY_QUEUE, async () => {
    await expireStoredExports(deps);
  });
  deps.jobs.every(EXPORT_EXPIRY_QUEUE, EXPORT_EXPIRY_CRON);
}

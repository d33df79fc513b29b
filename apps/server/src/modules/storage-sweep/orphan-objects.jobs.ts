import type { Deps } from '../../platform/deps.js';
import { sweepOrphanObjects } from './orphan-objects.service.js';

export const ORPHAN_SWEEP_QUEUE = 'storage-orphan-sweep';
/** Daily at 03:40 UTC, after the retention purge and the audit anchor. */
const ORPHAN_SWEEP_CRON = '40 3 * * *';

/** A JSON log line as the server's own (pino's levels: 30 info, 40 warn). */
const logLine = (level: 30 | 40, msg: string, extra: object = {}) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), msg, ...extra })}\n`);

/** The daily sweep of stored binaries no row names (decision 0087). */
export function orphanObjectJobs(deps: Deps): void {
  deps.jobs.handle(ORPHAN_SWEEP_QUEUE, async () => {
    const sweep = await sweepOrphanObjects(deps, (message) => logLine(40, message));
    logLine(30, 'storage sweep', { sweep });
  });
  deps.jobs.every(ORPHAN_SWEEP_QUEUE, ORPHAN_SWEEP_CRON);
}

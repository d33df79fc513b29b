import type { Deps } from '../../platform/deps.js';
import { refreshLiveStates } from './document-live-state.repo.js';

/** After a publish or a restore: the unit's documents' kept states against the new live content. */
export const LIVE_STATE_QUEUE = 'document-live-state';
/** Every document whose kept state a passing date ended, in every unit. */
const LIVE_STATE_SWEEP_QUEUE = 'document-live-state-sweep';
const LIVE_STATE_SWEEP_CRON = '*/10 * * * *';

export interface LiveStateJobData {
  businessUnitId: number;
}

/**
 * The documents' kept publish states (decision 0066): refreshed for the unit after each publish or
 * restore, and for every unit every ten minutes. Until then the search checks those documents
 * against their files, so neither job is needed for a right answer, only for a quick one.
 */
export function documentLiveStateJobs(deps: Deps): void {
  deps.jobs.handle<LiveStateJobData>(LIVE_STATE_QUEUE, async ({ businessUnitId }) => {
    await refreshLiveStates(deps.db, businessUnitId);
  });
  deps.jobs.handle(LIVE_STATE_SWEEP_QUEUE, async () => {
    await refreshLiveStates(deps.db);
  });
  deps.jobs.every(LIVE_STATE_SWEEP_QUEUE, LIVE_STATE_SWEEP_CRON);
}

/**
 * Queues the refresh of the unit's documents after its live content changed. A failure to queue is
 * logged, not answered: the change is committed and the search is right without the refresh.
 */
export async function queueLiveStateRefresh(deps: Pick<Deps, 'jobs'>, businessUnitId: number, log: (err: unknown) => void) {
  try {
    await deps.jobs.send<LiveStateJobData>(LIVE_STATE_QUEUE, { businessUnitId });
  } catch (err) {
    log(err);
  }
}

import type { Actor } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';

/**
 * The one publish (or restore) running in a unit, held in `publish_state` (decision 0037):
 * taken in its own committed statement, so that every server process sees it; a lease that a
 * crashed holder leaves behind expires. Owned by the publish flow (publish.service.ts).
 */
export interface PublishLease {
  businessUnitId: number;
  uuid: string;
  startDate: Date;
}

/**
 * Runs `work` while holding the unit's publish lease: 409 error.publish.alreadyRunning (params:
 * uuid, user, startDate, startDateEpoch) while another holds an unexpired one. The lease is
 * released when `work` ends, committed or not.
 * STUB until the publish flow lands: runs `work` without a lease.
 */
export async function withPublishLease<T>(
  _deps: Deps,
  businessUnitId: number,
  _actor: Actor,
  work: (lease: PublishLease) => Promise<T>,
): Promise<T> {
  return work({ businessUnitId, uuid: '00000000-0000-0000-0000-000000000000', startDate: new Date() });
}

import { randomUUID } from 'node:crypto';
import { PublishErrorKeys } from '@vellum/contract';
import type { Actor } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { heldLease, LEASE_HEARTBEAT_MS, type PublishStateRow, releaseLease, renewLease, takeLease } from './publish-state.repo.js';

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

/** The 409 that names the running publish (spec 001 §3: uuid, user, start date). */
export function alreadyRunning(holder: PublishStateRow): AppError {
  return new AppError(PublishErrorKeys.alreadyRunning, 409, {
    uuid: holder.uuid,
    user: holder.userLogin,
    startDate: holder.startDate.toISOString(),
    startDateEpoch: holder.startDate.getTime(),
  });
}

/**
 * Runs `work` while holding the unit's publish lease: 409 error.publish.alreadyRunning (params:
 * uuid, user, startDate, startDateEpoch) while another holds an unexpired one. The lease is
 * released when `work` ends, committed or not. While `work` runs the lease is renewed every
 * `heartbeatMs` (decision 0084): a holder killed in its middle frees the unit within LEASE_SECONDS.
 *
 * Call it outside any transaction, and let `work` open its own: the lease statements run on
 * `deps.db` so that they commit at once and other processes see them. On the embedded database
 * (PGlite: one session) every query outside a transaction waits for the running transaction to end
 * (its transaction mutex), so a lease taken from inside a transaction would wait for itself
 * forever, while a concurrent request's lease statement can never run inside this request's
 * transaction: it runs after it and finds the lease still held (the release comes after the commit).
 */
export async function withPublishLease<T>(
  deps: Pick<Deps, 'db'>,
  businessUnitId: number,
  actor: Actor,
  work: (lease: PublishLease) => Promise<T>,
  heartbeatMs = LEASE_HEARTBEAT_MS,
): Promise<T> {
  const uuid = randomUUID();
  let taken: PublishStateRow | undefined;
  // the holder may end between our insert and our read: then the lease is free, try again
  for (let attempt = 0; attempt < 3 && !taken; attempt++) {
    taken = await takeLease(deps.db, { businessUnitId, uuid, userId: actor.userId, userLogin: actor.login });
    if (taken) break;
    const holder = await heldLease(deps.db, businessUnitId);
    if (holder) throw alreadyRunning(holder);
  }
  if (!taken) throw new AppError(PublishErrorKeys.alreadyRunning, 409);
  // on the embedded database a renewal waits for the work's transaction, then runs before the release
  const heartbeat = setInterval(() => {
    renewLease(deps.db, businessUnitId, uuid).catch(() => {
      // a missed renewal is made up by the next one; the lease outlasts several
    });
  }, heartbeatMs);
  try {
    return await work({ businessUnitId, uuid, startDate: taken.startDate });
  } finally {
    clearInterval(heartbeat);
    await releaseLease(deps.db, businessUnitId, uuid);
  }
}

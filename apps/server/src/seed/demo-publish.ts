import type { Publication } from '@vellum/contract';
import type { Db } from '../db/client.js';
import { publish } from '../modules/publishing/publish.service.js';
import type { Actor } from '../platform/audit.js';

/**
 * Publishes a demo unit through the service a click on "Publish" calls (decision 0052): readiness
 * checked, dates stamped, the numbered publication compiled and its audit row written, under the
 * unit's publish lease. A failure is thrown as it happened (not as the route's error.publish.failed).
 */
export async function publishDemoUnit(db: Db, actor: Actor, businessUnitId: number): Promise<Publication> {
  let cause: unknown;
  try {
    return await publish({ db }, actor, { businessUnitId, includeFuture: false, customDate: null }, (err) => {
      cause = err;
    });
  } catch (err) {
    throw cause ?? err;
  }
}

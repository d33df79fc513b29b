import type { DbOrTx } from '../../db/client.js';
import { answerOf, type GtinAnswer } from './gtin.js';
import * as repo from './product-id.repo.js';
import type { Audience, LivePublication } from './public-read.types.js';

/**
 * A product by its id, answered as a GTIN is (decision 0049): the persistent URL `/site/{bu}/p/{id}`
 * of a product whose key code is no GTIN finds it for the visitor's audience in the live
 * publication, says it is gone when only an earlier publication listed it, and survives a change of
 * its type's slug or of its key code.
 */
export async function productById(
  db: DbOrTx,
  live: LivePublication,
  q: { productId: number; audience: Audience | null },
  at: Date,
): Promise<GtinAnswer> {
  const found = await repo.productById(db, live.contentId, q.productId, at);
  if (found.length === 0) {
    return (await repo.productEverPublished(db, live.businessUnitId, q.productId, at)) ? { kind: 'gone' } : { kind: 'unknown' };
  }
  return answerOf(live, found, q.audience);
}

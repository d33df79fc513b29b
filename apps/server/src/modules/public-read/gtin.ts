import type { DbOrTx } from '../../db/client.js';
import { audienceTypes } from './catalogue.js';
import * as repo from './gtin.repo.js';
import type { Audience, LivePublication } from './public-read.types.js';

/**
 * Products by GTIN (GS1 Digital Link, decision 0043): a product answers a GTIN when its key code
 * is that GTIN in any of its forms (GTIN-8, -12, -13, -14, leading zeros), compared as GTIN-14.
 * The caller passes a GTIN-14 whose check digit it has checked (the site views' toGtin14).
 */

/** What a GTIN names in the live publication for an audience. */
export type GtinAnswer =
  /** A product the audience sees: where it lives on the site. */
  | { kind: 'product'; productId: number; productTypeId: number; productTypeSlug: string; keyCode: string; keyCodeShown: boolean }
  /** Products with this GTIN are live, but none of a type the audience sees. */
  | { kind: 'otherAudience' }
  /** Not in the live publication, but an earlier publication of the unit listed it: the URL is persistent (EUDAMED). */
  | { kind: 'gone' }
  | { kind: 'unknown' };

/**
 * The product with this GTIN-14 visible at `at`. Should several products share it (one per product
 * type), the first of a type the audience sees in the site's order of types wins, then the lowest
 * id. Without an audience (the visitor has not chosen yet) the answer only says whether one is live;
 * with a product type (the type's search box), only a product of that type answers.
 */
export async function productByGtin(
  db: DbOrTx,
  live: LivePublication,
  q: { gtin14: string; audience: Audience | null; productTypeId?: number },
  at: Date,
): Promise<GtinAnswer> {
  const found = await repo.productsByGtin(db, live.contentId, q.gtin14, at);
  if (found.length === 0) {
    return (await repo.gtinEverPublished(db, live.businessUnitId, q.gtin14, at)) ? { kind: 'gone' } : { kind: 'unknown' };
  }
  return answerOf(live, found, q.audience, q.productTypeId);
}

/**
 * Which of the live products found answers, for an audience (none yet: any type of the site): the
 * first of a type the audience sees in the site's order of types, then the lowest id.
 */
export function answerOf(
  live: LivePublication,
  found: repo.GtinProductRow[],
  audience: Audience | null,
  productTypeId?: number,
): GtinAnswer {
  const q = { audience, productTypeId };
  const types = (q.audience ? audienceTypes(live.site, q.audience) : live.site.productTypes).filter(
    (t) => q.productTypeId === undefined || t.id === q.productTypeId,
  );
  for (const type of types) {
    const hit = found.find((p) => p.productTypeId === type.id);
    if (!hit) continue;
    const keyCodeShown = ((q.audience ?? 'HCP') === 'HCP' ? type.keyCodeSearchTypeHcp : type.keyCodeSearchTypePatient) !== 'NOT_VISIBLE';
    return {
      kind: 'product',
      productId: hit.productId,
      productTypeId: type.id,
      productTypeSlug: type.slug,
      keyCode: hit.keyCode,
      keyCodeShown,
    };
  }
  return { kind: 'otherAudience' };
}

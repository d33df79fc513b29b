import type { PublishState } from '@vellum/contract';
import { type SQL, sql } from 'drizzle-orm';

/*
 * What the live publication holds, as conditions the admin's lists and counts add to their own
 * statements (decision 0051): an item is published or scheduled only while the unit's live
 * publication holds it. A date alone says nothing: a product given a date by hand, the demo's
 * dated products before a first publish, and what a later publish stamped before a restore made an
 * earlier publication live are all unpublished. Each test is a primary-key probe into a pub_*
 * table of the live content, found through the unique (business_unit_id, number) index.
 */

/** The content id of the unit's live publication (its highest number), or null when it was never published. */
export const liveContentOf = (businessUnitId: SQL | number): SQL =>
  sql`(SELECT lc.content_id FROM publication lc WHERE lc.business_unit_id = ${businessUnitId} AND lc.number IS NOT NULL
    ORDER BY lc.number DESC LIMIT 1)`;

/** The product is in the unit's live publication. */
export const productIsLive = (productId: SQL, businessUnitId: SQL | number): SQL =>
  sql`EXISTS (SELECT 1 FROM pub_product lp WHERE lp.publication_id = ${liveContentOf(businessUnitId)} AND lp.product_id = ${productId})`;

/** The file version is in the publication content `contentId` (the unit's live content, read before). */
export const versionInContent = (fileVersionId: SQL, contentId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM pub_file_version lv WHERE lv.publication_id = ${contentId} AND lv.file_version_id = ${fileVersionId})`;

/** The file version is in the unit's live publication. */
export const versionIsLive = (fileVersionId: SQL, businessUnitId: SQL | number): SQL =>
  versionInContent(fileVersionId, liveContentOf(businessUnitId));

/**
 * An item in one of these states, by its publish date and whether the live publication holds it:
 * UNPUBLISHED without a date or outside the live publication, SCHEDULED and PUBLISHED inside it,
 * by its date.
 */
export function liveStateIn(date: SQL, live: SQL, states: readonly PublishState[]): SQL {
  const of: Record<PublishState, SQL> = {
    UNPUBLISHED: sql`(${date} IS NULL OR NOT ${live})`,
    SCHEDULED: sql`(${date} > now() AND ${live})`,
    PUBLISHED: sql`(${date} <= now() AND ${live})`,
  };
  return states.length
    ? sql`(${sql.join(
        states.map((s) => of[s]),
        sql` OR `,
      )})`
    : sql`false`;
}

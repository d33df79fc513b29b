import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instant, rowsOf } from '../../db/sql.js';
import type { GtinProductRow } from './gtin.repo.js';

/**
 * The read model's look-ups of a product by its id (the persistent URL of a product without a
 * GTIN, decision 0049): the primary key of pub_product, in the live content publication and in
 * every earlier numbered publication of the unit.
 */

/** The product with this id in a content publication, visible at `at`; an empty list when it is not there. */
export function productById(db: DbOrTx, contentId: number, productId: number, at: Date): Promise<GtinProductRow[]> {
  return rowsOf<GtinProductRow>(
    db,
    sql`SELECT product_id AS "productId", product_type_id AS "productTypeId", key_code AS "keyCode"
      FROM pub_product
      WHERE publication_id = ${contentId} AND product_id = ${productId} AND publish_date <= ${instant(at)}`,
  );
}

/** Whether a numbered publication of the unit, live at some moment up to `at`, listed this product as public by then. */
export async function productEverPublished(db: DbOrTx, businessUnitId: number, productId: number, at: Date): Promise<boolean> {
  const found = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM publication pub
      WHERE pub.business_unit_id = ${businessUnitId} AND pub.number IS NOT NULL AND pub.created_date <= ${instant(at)}
        AND EXISTS (SELECT 1 FROM pub_product WHERE publication_id = pub.content_id AND product_id = ${productId}
                      AND publish_date <= ${instant(at)})
      LIMIT 1`,
  );
  return found.length > 0;
}

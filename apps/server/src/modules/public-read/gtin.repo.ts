import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { PUB_PRODUCT_GTIN14, PUB_PRODUCT_IS_GTIN } from '../../db/schema/publications.js';
import { instant, rowsOf } from '../../db/sql.js';

/**
 * The read model's look-ups by GTIN (decision 0043). Both use pub_product_gtin14_idx: the
 * expression and the index's predicate are repeated as the schema writes them (`key_code` of the
 * one pub_product in the statement).
 */

const byGtin = (gtin14: string) => sql`${sql.raw(PUB_PRODUCT_IS_GTIN)} AND ${sql.raw(PUB_PRODUCT_GTIN14)} = ${gtin14}`;

export interface GtinProductRow {
  productId: number;
  productTypeId: number;
  keyCode: string;
}

/** The products of a content publication visible at `at` whose key code is this GTIN-14 (any GTIN form), by id. */
export function productsByGtinSql(contentId: number, gtin14: string, at: Date): SQL {
  return sql`SELECT product_id AS "productId", product_type_id AS "productTypeId", key_code AS "keyCode"
    FROM pub_product
    WHERE ${byGtin(gtin14)} AND publication_id = ${contentId} AND publish_date <= ${instant(at)}
    ORDER BY product_id LIMIT 100`;
}

export function productsByGtin(db: DbOrTx, contentId: number, gtin14: string, at: Date): Promise<GtinProductRow[]> {
  return rowsOf<GtinProductRow>(db, productsByGtinSql(contentId, gtin14, at));
}

/**
 * Whether a publication of the unit live at some moment up to `at` (a numbered one: never a
 * preview) listed a product with this GTIN that was public by then.
 */
export async function gtinEverPublished(db: DbOrTx, businessUnitId: number, gtin14: string, at: Date): Promise<boolean> {
  const found = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM publication pub
      WHERE pub.business_unit_id = ${businessUnitId} AND pub.number IS NOT NULL AND pub.created_date <= ${instant(at)}
        AND EXISTS (SELECT 1 FROM pub_product WHERE ${byGtin(gtin14)} AND publication_id = pub.content_id
                      AND publish_date <= ${instant(at)})
      LIMIT 1`,
  );
  return found.length > 0;
}

import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike, instant, rowsOf } from '../../db/sql.js';

/**
 * The read model's SQL of suggestions while typing (decision 0046).
 * The rules of every statement of the read model are in index.ts.
 */

export interface SuggestionFilter {
  contentId: number;
  productTypeId: number;
  at: Date;
  field: 'keyCode' | number;
  text: string;
  /** PREFIX: values that start with the text (the text_pattern_ops indexes); INFIX: those that hold it elsewhere (trigram). */
  match: 'PREFIX' | 'INFIX';
}

/**
 * At most `limit` distinct values (ignoring case) of a field among the type's products visible at
 * `at` that start with, or hold past their start, the text ignoring case; in byte order of the
 * lower-cased value, the same on PostgreSQL and PGlite.
 */
export function suggestionsSql(f: SuggestionFilter, limit: number): SQL {
  const value = f.field === 'keyCode' ? sql`p.key_code` : sql`v.value`;
  const prefix = sql`lower(${value}) LIKE lower(${escapeLike(f.text)}) || '%'`;
  const condition =
    f.match === 'PREFIX' ? prefix : sql`lower(${value}) LIKE '%' || lower(${escapeLike(f.text)}) || '%' AND NOT (${prefix})`;
  const from =
    f.field === 'keyCode'
      ? sql`pub_product p`
      : sql`pub_attribute_value v JOIN pub_product p ON p.publication_id = v.publication_id AND p.product_id = v.product_id
              AND v.publication_id = ${f.contentId} AND v.attribute_definition_id = ${f.field}`;
  return sql`SELECT min(${value} COLLATE "C") AS value FROM ${from}
    WHERE p.publication_id = ${f.contentId} AND p.product_type_id = ${f.productTypeId} AND p.publish_date <= ${instant(f.at)}
      AND ${condition}
    GROUP BY lower(${value}) ORDER BY lower(${value}) COLLATE "C" LIMIT ${limit}`;
}

export async function suggestions(db: DbOrTx, f: SuggestionFilter, limit: number): Promise<string[]> {
  return (await rowsOf<{ value: string }>(db, suggestionsSql(f, limit))).map((r) => r.value);
}

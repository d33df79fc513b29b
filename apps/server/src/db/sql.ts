import { INT4_MAX } from '@vellum/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * The small pieces of SQL every repo writes the same way: ids a query may take, LIKE patterns,
 * array and instant parameters, and the rows of a raw statement. Repos import them from here.
 */

// ids -----------------------------------------------------------------------------------------

/**
 * Whether a number can be the id of a serial row (1 … 2^31-1): a repo answers "not found" for any
 * other number without asking, since PostgreSQL would refuse it as out of range.
 */
export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= INT4_MAX;

/** Whether a number can be a business unit's id: a row id, or 0, the global unit. */
export const isUnitId = (id: number): boolean => id === 0 || isRowId(id);

// LIKE ----------------------------------------------------------------------------------------

/** The text with LIKE's metacharacters (`\`, `%`, `_`) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that matches any text containing `text` (use with ilike for case-insensitive). */
export const likePattern = (text: string): string => `%${escapeLike(text)}%`;

/** How a searched text matches a value: EXACT, equal ignoring case; PARTIAL, contains it ignoring case. */
export type MatchMode = 'EXACT' | 'PARTIAL';

/**
 * `lowered` (an expression already lower-cased, as the indexes on lower(...) are) matches the text:
 * EXACT by equality (the btree indexes on lower(...)), PARTIAL by a LIKE that the pg_trgm GIN
 * indexes on lower(...) answer.
 */
export function matchesText(lowered: SQL, text: string, mode: MatchMode): SQL {
  return mode === 'EXACT' ? sql`${lowered} = lower(${text})` : sql`${lowered} LIKE '%' || lower(${escapeLike(text)}) || '%'`;
}

// parameters ----------------------------------------------------------------------------------

/** An int[] parameter as one array literal (drizzle would spread a JS array into a list). */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** A text[] parameter (one bound array, not a spread list). */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;

/** A text[] parameter whose elements may be NULL. */
export const nullableTextArray = (values: readonly (string | null)[]): SQL => sql`${sql.param([...values])}::text[]`;

/** An instant as a typed parameter (the same text on PostgreSQL and PGlite). */
export const instant = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

// raw statements ------------------------------------------------------------------------------

/** The rows of a raw statement, on node-postgres and PGlite alike. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** json and jsonb come back parsed from node-postgres and PGlite alike; a string is parsed here to be sure. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

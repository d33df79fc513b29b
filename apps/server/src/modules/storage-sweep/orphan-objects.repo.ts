import { sql } from 'drizzle-orm';
import { NAMED_KEYS_SQL } from '../../backup/storage-keys.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/**
 * Every storage key any row of any unit names (the backup's list of storage-key columns, decision
 * 0069): the store's maintenance looks across units, as the backup does.
 */
export async function namedStorageKeys(db: DbOrTx): Promise<Set<string>> {
  return new Set((await rowsOf<{ key: string }>(db, sql.raw(NAMED_KEYS_SQL))).map((r) => r.key));
}

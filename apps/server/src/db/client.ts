import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * An embedded database with the extensions the migrations use (pg_trgm for partial-text search);
 * every PGlite of the project is made here. Without a data directory it lives in memory.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): PGlite {
  return new PGlite({ ...options, dataDir, extensions: { pg_trgm } });
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, otherwise the embedded PGlite database in `<dataDir>/db`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle connection that the server ends (restart, failover, a dropped test database) must
    // not crash the process; the pool replaces it on the next query
    pool.on('error', () => {});
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    if (!opts.dataDir) throw new Error('dataDir is required for the embedded database');
    const dir = join(opts.dataDir, 'db');
    mkdirSync(opts.dataDir, { recursive: true });
    client = createPglite(dir);
  }
  await client.waitReady;
  const owned = client;
  return { db: drizzlePglite(owned, { schema }) as unknown as Db, kind: 'pglite', close: () => owned.close() };
}

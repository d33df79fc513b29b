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

/**
 * The channel on which the database announces changes of sessions, users, groups, roles and
 * settings (triggers of migration 0005). Every pooled connection listens on it too: PostgreSQL
 * hands a transaction's own notifications to its connection just before the answer to COMMIT, so
 * the process that makes a change has acted on it before the change's call answers.
 */
export const ACCESS_CHANNEL = 'vellum_access';

/**
 * The channel on which the database announces any change of the publication table (trigger of
 * migration 0023): which publication is live per unit may have changed (decision 0047).
 */
export const PUBLICATION_CHANNEL = 'vellum_publication';

/**
 * Channels every pooled connection listens on besides the dedicated listener, so that the process
 * that commits a change has heard of it before the change's call answers.
 */
const POOLED_CHANNELS = [ACCESS_CHANNEL, PUBLICATION_CHANNEL] as const;

/** What a listener on a NOTIFY channel is told. */
export interface ChannelHandlers {
  /** A notification, delivered once the transaction that sent it has committed. */
  notify(payload: string): void;
  /** Listening (again): every notification from now on arrives. */
  up(): void;
  /** The listening connection is lost: notifications may be missed until `up()` is called again. */
  down(): void;
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** How the job queue reaches the same database: its own pool on PostgreSQL, the one PGlite client embedded (decision 0056). */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  /** Listens on a NOTIFY channel (a dedicated connection on PostgreSQL); resolves to the function that stops. */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections now (for the metrics); none on the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * LISTEN on a client of its own (a pooled connection cannot hold a LISTEN), reconnected with a
 * growing delay when it is lost; `down()` and `up()` tell the listener so it can distrust what
 * it learnt while deaf.
 */
async function listenPg(connectionString: string, channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 100;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    current = client;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      handlers.down();
      client.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 5000);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.notify(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lose();
      return;
    }
    if (stopped || lost) return;
    delay = 100;
    handlers.up();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

/**
 * Session settings of the server's PostgreSQL connections (decision 0036): no JIT compilation.
 * Our statements are short lookups and pages; JIT compiles any plan whose estimate passes
 * `jit_above_cost` (a page over 50,000 documents with correlated subqueries does) and spends
 * 100 to 300 ms compiling for a statement that runs in a few milliseconds. Benchmarks that run the
 * same SQL directly use the same settings.
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite database in `<dataDir>/db`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pooledListeners = new Map<string, Set<ChannelHandlers>>(POOLED_CHANNELS.map((c) => [c, new Set()]));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      options: PG_SESSION_OPTIONS,
      max: 10,
      // awaited by the pool before the new connection serves its first query
      onConnect: async (client) => {
        client.on('notification', (n) => {
          for (const h of pooledListeners.get(n.channel) ?? []) h.notify(n.payload ?? '');
        });
        await client.query(POOLED_CHANNELS.map((c) => `LISTEN ${c};`).join(' '));
      },
    });
    // an idle connection that the server ends (restart, failover, a dropped test database) must
    // not crash the process; the pool replaces it on the next query
    pool.on('error', () => {});
    const url = opts.databaseUrl;
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      connection: { kind: 'postgres', url },
      async listen(channel, handlers) {
        const stop = await listenPg(url, channel, handlers);
        const pooled = pooledListeners.get(channel);
        if (!pooled) return stop;
        pooled.add(handlers);
        return async () => {
          pooled.delete(handlers);
          await stop();
        };
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
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
  return {
    db: drizzlePglite(owned, { schema }) as unknown as Db,
    kind: 'pglite',
    connection: { kind: 'pglite', client: owned },
    // one session in this process: a notification arrives with the answer to the COMMIT that sent it
    async listen(channel, handlers) {
      const unlisten = await owned.listen(channel, (payload) => handlers.notify(payload));
      handlers.up();
      return async () => {
        handlers.down();
        if (!owned.closed) await unlisten().catch(() => {});
      };
    },
    close: () => owned.close(),
  };
}

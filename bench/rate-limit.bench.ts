import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { limitPerAddress } from '../apps/server/src/platform/rate-limit.js';
import { countInWindow } from '../apps/server/src/platform/rate-limit.repo.js';
import { databaseRateLimitStore } from '../apps/server/src/platform/rate-limit-store.js';
import { writeSection } from './lib/results.js';

const CALLS = 3_000;
const WARM_UP = 200;

/** Microseconds per call of `work`, over CALLS calls after WARM_UP untimed ones, one after another. */
async function perCall(work: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await work(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await work(WARM_UP + i);
  return Math.round(Number(process.hrtime.bigint() - started) / 1000 / CALLS);
}

/** One app with a route limited per address (never refused) and the same route unlimited, limited as the server limits (`limitPerAddress`). */
async function appWith(store: { Store: unknown } | undefined): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: false, ...(store ? { store: store.Store as never } : {}) });
  app.get('/unlimited', async () => ({ ok: true }));
  app.get('/limited', { onRequest: limitPerAddress(app, 'bench', 1_000_000) }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** The cost of a limited call beside an unlimited one, per store. */
async function measure(name: string, database: Database | undefined) {
  const store = database ? databaseRateLimitStore(database.db, () => {}) : undefined;
  const app = await appWith(store);
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  // both routes once untimed first, so that neither pays the app's own warm-up
  await perCall((i) => app.inject({ method: 'GET', url: i % 2 ? '/limited' : '/unlimited', remoteAddress: address(i) }));
  const unlimited = await perCall((i) => app.inject({ method: 'GET', url: '/unlimited', remoteAddress: address(i) }));
  const limited = await perCall((i) => app.inject({ method: 'GET', url: '/limited', remoteAddress: address(i) }));
  const select1 = database ? await perCall(() => database.db.execute(sql`select 1`)) : undefined;
  const count = database ? await perCall((i) => countInWindow(database.db, `bench:${i}`, 60_000)) : undefined;
  await app.close();
  await store?.close();
  const us = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en'));
  return `| ${name} | ${us(select1)} | ${us(count)} | ${us(unlimited)} | ${us(limited)} | ${us(limited - unlimited)} |`;
}

/**
 * Decision 0068: what a limit counted in the database costs a call, on PostgreSQL and PGlite,
 * beside @fastify/rate-limit's own memory store and a bare `select 1` on the same pool.
 */
export async function rateLimitBench(): Promise<void> {
  const rows = [await measure('memory (one process only)', undefined)];
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (base) {
    const name = `vellum_bench_limits_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrate(database);
      rows.push(await measure('PostgreSQL, UNLOGGED table', database));
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-bench-limits-'));
  const embedded = await openDatabase({ dataDir });
  try {
    await migrate(embedded);
    rows.push(await measure('PGlite, embedded', embedded));
  } finally {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  writeSection(
    'rate-limit',
    'Rate limits counted in the database: the cost of a call (decision 0068)',
    [
      `One Fastify app with one GET route limited per address (1,000,000 a minute, never refused) and the same route unlimited,`,
      `${CALLS.toLocaleString('en')} \`inject()\` calls each, one after another, from rotating addresses after ${WARM_UP} untimed ones; the store's`,
      `statement alone (\`countInWindow\`) and a bare \`select 1\` on the same pool for scale. Load average at the end: ${load}.`,
      '',
      '| store | `select 1` (µs) | one count (µs) | unlimited call (µs) | limited call (µs) | the limit costs (µs) |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
}

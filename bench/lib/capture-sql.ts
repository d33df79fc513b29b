import { appendFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Loaded into the bench server's process (`startBenchServer(seed, { captureSqlTo })`): every
 * statement the server sends through node-postgres, with its values, appended as one JSON line to
 * the file BENCH_SQL_CAPTURE names, so that a bench can send the very statements of a request
 * directly (its "own SQL") beside the request itself.
 */
const file = process.env.BENCH_SQL_CAPTURE;
if (file) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [q, v] = args as [string | { text?: string; values?: unknown[] } | undefined, unknown];
    const text = typeof q === 'string' ? q : q?.text;
    const values = typeof q === 'object' && q ? (q.values ?? v) : v;
    if (text) appendFileSync(file, `${JSON.stringify({ text, values: Array.isArray(values) ? values : [] })}\n`);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

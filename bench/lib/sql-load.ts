import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type pg from 'pg';
import { BENCH_SECONDS, type LoadResult, resultOf } from './load.js';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The same bounded load as `load()`, on any call made in this process: `connections` concurrent
 * loops for `seconds` after a 2 s warm-up with 10, latency measured per call by the caller; the
 * i-th call overall gets `i` (to cycle through samples).
 */
export async function loadCalls(
  name: string,
  call: (i: number) => Promise<unknown>,
  opts: { connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  let next = 0;
  const run = async (connections: number, seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          try {
            await call(next++);
            latencies.push(performance.now() - t);
          } catch (e) {
            if (errors++ === 0) console.error(e);
          }
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors };
  };
  await run(10, 2);
  const seconds = opts.seconds ?? BENCH_SECONDS;
  const { latencies, errors } = await run(opts.connections ?? 20, seconds);
  return {
    name,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    non2xx: 0,
    errors,
  };
}

/** `loadCalls` on one SQL statement through a pg pool. */
export async function loadSql(
  name: string,
  pool: pg.Pool,
  text: string,
  values: unknown[],
  opts: { connections?: number; seconds?: number; prepareAs?: string } = {},
): Promise<LoadResult> {
  // prepareAs: a named statement, planned once per connection, as the server's prepared statements are
  const query = opts.prepareAs ? { name: opts.prepareAs, text, values } : { text, values };
  return loadCalls(name, () => pool.query(query), opts);
}

/** `load()` for a POST with a JSON body (loopback only), the same warm-up, connections and duration. */
export async function loadPost(
  name: string,
  url: string,
  body: unknown,
  opts: { headers?: Record<string, string>; connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) throw new Error('benchmarks only load this machine');
  const request = {
    url,
    method: 'POST' as const,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...opts.headers },
  };
  await autocannon({ ...request, connections: 10, duration: 2 });
  const r = await autocannon({ ...request, connections: opts.connections ?? 20, duration: opts.seconds ?? BENCH_SECONDS });
  return resultOf(name, r);
}

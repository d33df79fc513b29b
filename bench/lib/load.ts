import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Seconds each measured load runs (after its 2 s warm-up); BENCH_SECONDS shortens a run on a busy machine. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS) || 10;

/** What an autocannon run measured, as a row of the tables. */
export function resultOf(name: string, r: autocannon.Result): LoadResult {
  return {
    name,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** A bounded load on one URL of this machine (loopback only): fixed connections and duration. */
export async function load(
  name: string,
  url: string,
  opts: { headers?: Record<string, string>; connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) throw new Error('benchmarks only load this machine');
  // a short warm-up so JIT and connection pools are in their steady state
  await autocannon({ url, headers: opts.headers, connections: opts.connections ?? 10, duration: 2 });
  const r = await autocannon({ url, headers: opts.headers, connections: opts.connections ?? 20, duration: opts.seconds ?? BENCH_SECONDS });
  return resultOf(name, r);
}

export function table(rows: LoadResult[], baseline: LoadResult): string {
  const lines = ['| route | req/s | p50 ms | p99 ms | throughput vs bare | p99 vs bare | non-2xx |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const tput = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    const p99 = baseline.p99 > 0 ? (r.p99 / baseline.p99).toFixed(1) : 'n/a';
    lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${tput}× | ${p99}× | ${r.non2xx + r.errors} |`);
  }
  return lines.join('\n');
}

/**
 * `load()` over many URLs of one server (loopback only): each request takes the next path of
 * `paths` in turn, with the headers `headersOf` gives for its number (a client address per visitor,
 * say). Returns the result and how many requests were sent in all, warm-up included.
 */
export async function loadPaths(
  name: string,
  base: string,
  paths: readonly string[],
  opts: { headersOf?: (n: number) => Record<string, string>; connections?: number; seconds?: number } = {},
): Promise<LoadResult & { sent: number }> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)) throw new Error('benchmarks only load this machine');
  let sent = 0;
  const requests = [
    {
      setupRequest: (request: autocannon.Request) => {
        const n = sent++;
        const headers = opts.headersOf ? { ...request.headers, ...opts.headersOf(n) } : request.headers;
        return { ...request, path: paths[n % paths.length], headers };
      },
    },
  ];
  await autocannon({ url: base, requests, connections: 10, duration: 2 });
  const r = await autocannon({ url: base, requests, connections: opts.connections ?? 20, duration: opts.seconds ?? BENCH_SECONDS });
  return { ...resultOf(name, r), sent };
}

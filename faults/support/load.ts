/** What a load of the public site saw, second by second phase: statuses, and any answer that was not a page of the site's own. */
export interface LoadReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Connection errors (the process gone or refusing), and answers that are neither a page nor the site's own 503 page. */
  failures: string[];
  /** When each status was last seen (ms since the load started). */
  lastSeen: Record<string, number>;
}

/**
 * Fetches `urls` in turn with `concurrency` clients until `stop()` is called. A 200 must be HTML, a
 * 503 the site's own page (its title, no stack trace); anything else is a failure.
 */
export function loadSite(urls: string[], concurrency: number) {
  const report: LoadReport = { requests: 0, byStatus: {}, failures: [], lastSeen: {} };
  const started = Date.now();
  let running = true;
  const client = async (n: number) => {
    for (let i = n; running; i++) {
      const url = urls[i % urls.length];
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        const body = await res.text();
        report.requests++;
        report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
        report.lastSeen[res.status] = Date.now() - started;
        const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
        if (res.status === 200 && !html) report.failures.push(`${url}: 200 that is not a page`);
        else if (res.status === 503 && !(html && body.includes('Temporarily unavailable') && !/\bat \S+\.js:\d+/.test(body)))
          report.failures.push(`${url}: 503 that is not the site's page: ${body.slice(0, 200)}`);
        else if (res.status !== 200 && res.status !== 503) report.failures.push(`${url}: ${res.status} ${body.slice(0, 200)}`);
      } catch (err) {
        report.requests++;
        report.failures.push(`${url}: ${(err as Error).message}`);
      }
    }
  };
  const clients = Array.from({ length: concurrency }, (_, n) => client(n));
  return {
    report,
    /** Milliseconds since the load started (the clock of `lastSeen`). */
    elapsed: () => Date.now() - started,
    async stop(): Promise<LoadReport> {
      running = false;
      await Promise.all(clients);
      return report;
    },
  };
}

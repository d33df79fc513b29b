import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import pg from 'pg';

/**
 * A load of the public site for the fault suite and the proxy bench (decision 0079): visitors
 * that read a product page, search and download a file, each round from another loopback address
 * (127.0.0.2 to 127.0.0.251) so that the site's per-address search limit (120 a minute) counts
 * each visitor alone, as it would on the Internet; connections are kept alive.
 */

export interface SitePaths {
  /** The unit's slug and id. */
  slug: string;
  unitId: number;
  /** A product page, a search with results, a download confirmation and the download itself. */
  product: string;
  search: string;
  download: string;
}

/** Finds the paths through the proxy: the unit's sitemap names its product pages; the page links its files. */
export async function findSitePaths(url: string, databaseUrl: string): Promise<SitePaths> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let units: { id: number; slug: string }[];
  try {
    units = (await client.query('SELECT bu.id, bu.slug FROM business_unit bu WHERE bu.id > 0 ORDER BY bu.id')).rows;
  } finally {
    await client.end();
  }
  for (const unit of units) {
    const map = await fetch(`${url}/site/${unit.slug}/sitemap.xml`);
    if (map.status !== 200) continue;
    const locs = [...(await map.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const product of locs) {
      const page = await fetch(`${url}${product}`, { redirect: 'manual' });
      if (page.status !== 200) continue;
      const html = await page.text();
      const file = html.match(/href="(\/site\/[^"/]+\/files\/\d+)\?([^"]+)"/);
      if (!file) continue;
      const query = file[2].replace(/&amp;/g, '&');
      const keyCode = decodeURIComponent(product.split('/').pop() ?? '');
      const typePath = product.slice(0, product.lastIndexOf('/'));
      return {
        slug: unit.slug,
        unitId: unit.id,
        product,
        // a partial key code: a page of results (or the one product, 303)
        search: `${typePath}?keyCode=${encodeURIComponent(keyCode.slice(0, Math.max(1, keyCode.length - 2)))}`,
        download: `${file[1]}/download?${query}`,
      };
    }
  }
  throw new Error(`no published product page with a file found through ${url}`);
}

export interface LoadFailure {
  at: number;
  path: string;
  status: number | string;
  requestId?: string;
}

export interface LoadReport {
  requests: number;
  byStatus: Record<string, number>;
  failures: LoadFailure[];
  /** Distinct SHA-256 of the download's bytes (one when every download was whole and the same). */
  downloadHashes: Set<string>;
  seconds: number;
}

interface Answer {
  status: number;
  body: Buffer;
  requestId?: string;
}

function get(agent: Agent, base: URL, path: string, id: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path, method: 'GET', headers: { 'x-request-id': id }, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), requestId: res.headers['x-request-id'] as string }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** What each kind of request must answer: the page, a search's page or its 303 to the one product, the whole file. */
const EXPECTED: Record<keyof Omit<SitePaths, 'slug' | 'unitId'>, number[]> = {
  product: [200],
  search: [200, 303],
  download: [200],
};

/**
 * Runs `visitors` concurrent visitors against `url` until `until()` says stop; each visitor goes
 * product page → search → download in turn. Every answer but the expected ones is a failure, as
 * is every connection error.
 */
export async function loadSite(
  url: string,
  paths: SitePaths,
  opts: { visitors: number; until: () => boolean; onRequest?: () => void },
): Promise<LoadReport> {
  const base = new URL(url);
  const kinds = ['product', 'search', 'download'] as const;
  const report: LoadReport = { requests: 0, byStatus: {}, failures: [], downloadHashes: new Set(), seconds: 0 };
  const started = performance.now();
  // each load visitor stands for a succession of visitors: a new address (and connection) each
  // round of three requests, among its own share of 127.0.0.2–127.0.0.251
  const addresses = Math.max(1, Math.floor(250 / opts.visitors));
  const visitor = async (n: number) => {
    const agents = Array.from(
      { length: addresses },
      (_, k) => new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + ((n * addresses + k) % 250)}` }),
    );
    let i = n;
    try {
      while (!opts.until()) {
        const round = Math.floor(i / kinds.length);
        const agent = agents[round % agents.length];
        const kind = kinds[i++ % kinds.length];
        const id = `load-${n}-${i}`;
        const at = Math.round(performance.now() - started);
        report.requests++;
        opts.onRequest?.();
        try {
          const a = await get(agent, base, paths[kind], id);
          report.byStatus[a.status] = (report.byStatus[a.status] ?? 0) + 1;
          if (!EXPECTED[kind].includes(a.status)) report.failures.push({ at, path: paths[kind], status: a.status, requestId: a.requestId });
          else if (kind === 'download') report.downloadHashes.add(createHash('sha256').update(a.body).digest('hex'));
        } catch (err) {
          report.byStatus.error = (report.byStatus.error ?? 0) + 1;
          report.failures.push({ at, path: paths[kind], status: (err as Error).message, requestId: id });
        }
      }
    } finally {
      for (const a of agents) a.destroy();
    }
  };
  await Promise.all(Array.from({ length: opts.visitors }, (_, n) => visitor(n)));
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

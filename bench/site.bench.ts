import { gzipSync } from 'node:zlib';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { searchProductsSql } from '../apps/server/src/modules/public-read/catalogue.repo.js';
import { visitorFilesFilter } from '../apps/server/src/modules/public-read/documents.js';
import { productPageSql } from '../apps/server/src/modules/public-read/documents.repo.js';
import { liveSite } from '../apps/server/src/modules/public-read/live-site.js';
import type { LivePublication, Visitor } from '../apps/server/src/modules/public-read/public-read.types.js';
import { firstLoadOf, type SiteGet } from '../apps/server/src/modules/site/site-islands.test-support.js';
import { BENCH_SECONDS, type LoadResult, loadPaths } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { startBenchServer } from './lib/server.js';
import { loadCalls } from './lib/sql-load.js';
import { FULL_SIZE, type PublicReadSize, seedPublicRead } from './public-read.bench.js';

/**
 * The public website over HTTP (issue 12): the product page and a search page of a unit whose
 * live publication holds 100,000 products (the public-read bench's publication), served by the
 * real server in its own process, beside the read model's statements for the same answers run
 * directly through a pg pool; then the HTML and first-load JavaScript (gzip) of each page type.
 * PostgreSQL only. SITE_BENCH_PRODUCTS=2000 makes it a smoke run, which prints and records nothing.
 */
const SMOKE_PRODUCTS = Number(process.env.SITE_BENCH_PRODUCTS) || 0;
const SIZE: PublicReadSize = SMOKE_PRODUCTS
  ? {
      products: SMOKE_PRODUCTS,
      documents: Math.max(10, SMOKE_PRODUCTS / 2),
      files: Math.max(10, SMOKE_PRODUCTS),
      lotRanges: Math.max(10, SMOKE_PRODUCTS / 100),
    }
  : FULL_SIZE;
const CALLERS = 20;
/** Pairs of measurements per page (BENCH_ROUNDS; one in a smoke run). */
const ROUNDS = Number(process.env.BENCH_ROUNDS) || (SMOKE_PRODUCTS ? 1 : 3);
const POOL = 10;
const SECONDS = Math.min(8, BENCH_SECONDS);
const SAMPLES = 500;
const SLUG = 'bench-public';
/** A visitor in Germany reading English, a healthcare professional (the publication's interface languages are en and fr). */
const CHOICE = { country: 'de', language: 'en', audience: 'hcp' };
const VISITOR: Visitor = { audience: 'HCP', country: 'DE', language: 'en' };
const SEARCHES = ['titanium', 'steel', 'peek', 'cobalt chrome'].flatMap((m) => [...'0123456789abcdef'].map((h) => `${m} ${h}`));

const ratioOf = (r: { http: LoadResult; sql: LoadResult }) => (r.sql.p99 > 0 ? r.http.p99 / r.sql.p99 : Number.NaN);

function ratioRows(rows: { name: string; http: LoadResult; sql: LoadResult }[]): string {
  const lines = [
    '| page | HTTP req/s | HTTP p50 ms | HTTP p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p99 HTTP/SQL | errors and non-200 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const { name, http, sql } = r;
    lines.push(
      `| ${name} | ${http.requestsPerSecond} | ${http.p50} | ${http.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${ratioOf(r).toFixed(2)}× | ${http.errors + http.non2xx + sql.errors} |`,
    );
  }
  return lines.join('\n');
}

/** The median p99 ratio of each page's rounds ("product page, round 2" → "product page"). */
function medians(rows: { name: string; http: LoadResult; sql: LoadResult }[]): string {
  const byPage = new Map<string, number[]>();
  for (const r of rows) {
    const page = r.name.replace(/, round \d+$/, '');
    byPage.set(page, [...(byPage.get(page) ?? []), ratioOf(r)]);
  }
  return [...byPage]
    .map(([page, ratios]) => {
      const sorted = [...ratios].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      return `${page}: median p99 HTTP/SQL ${median.toFixed(2)}× (rounds ${ratios.map((x) => `${x.toFixed(2)}×`).join(', ')})`;
    })
    .join('; ');
}

export async function siteBench(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    console.log('bench: site skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let seeded = { unitId: 0, contentId: 0 };
  // the load stands for many visitors: each request names its own address through a trusted proxy
  // header, so the site's per-address search limit (120 a minute) counts them apart as it would
  const trustProxy = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = '127.0.0.1';
  const server = await startBenchServer(async (databaseUrl) => {
    const database = await openDatabase({ databaseUrl });
    try {
      seeded = await seedPublicRead(database, databaseUrl as string, SIZE);
    } finally {
      await database.close();
    }
  });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: POOL });
  const reader = await openDatabase({ databaseUrl: server.databaseUrl });
  const dialect = new PgDialect();
  const text = (q: SQL) => dialect.sqlToQuery(q);
  try {
    const { unitId, contentId } = seeded;
    const at = new Date();
    const live = (await liveSite(reader.db, { id: unitId }, at)) as LivePublication;
    const root = `${server.url}/site/${SLUG}`;
    const typesUrl = `${root}/${CHOICE.country}/${CHOICE.language}/${CHOICE.audience}`;
    const searchUrl = `${typesUrl}/implants`;
    // visible products spread over the table (every tenth is scheduled: its neighbour below instead)
    const productNumbers = Array.from({ length: SAMPLES }, (_, k) => ((k * 197) % SIZE.products) + 1).map((i) =>
      i % 10 === 0 ? i - 1 : i,
    );
    const keyCodes = productNumbers.map((i) => `KC-${String(i).padStart(6, '0')}`);
    const productUrls = keyCodes.map((k) => `${searchUrl}/${k}`);
    const searchUrls = SEARCHES.map((q) => `${searchUrl}?a12=${encodeURIComponent(q)}`);

    // the read model's statements for the same answers: the product and its documents, or the search
    const shown = { contentId, productTypeId: 1, at, shownAttributeIds: [11, 12] };
    const files = visitorFilesFilter(live, VISITOR, at);
    const productQueries = keyCodes.map((keyCode) => [text(productPageSql({ ...shown, audience: 'HCP' }, { keyCode }, files))]);
    const searchQueries = SEARCHES.map((value) =>
      text(searchProductsSql({ ...shown, attributes: [{ attributeDefinitionId: 12, value, match: 'PARTIAL' }] }, { limit: 20, offset: 0 })),
    );

    // every page answers before anything is timed
    for (const url of [productUrls[0], productUrls[SAMPLES - 1], searchUrls[0], searchUrls.at(-1) as string]) {
      const res = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': '10.255.0.3' } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
    }

    // each request names its own client address: many visitors, as the search limit counts them
    const headersOf = (n: number) => ({ 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
    const onServer = (name: string, urls: string[]) =>
      loadPaths(
        name,
        server.url,
        urls.map((u) => u.slice(server.url.length)),
        { headersOf, connections: CALLERS, seconds: SECONDS },
      );
    // the statements the server sends for the page, in its order (the live publication is held by the process: decision 0047)
    const direct = async (queries: { sql: string; params: unknown[] }[]) => {
      for (const q of queries) await pool.query(q.sql, q.params);
    };
    const load = (name: string, call: (i: number) => Promise<unknown>) => loadCalls(name, call, { connections: CALLERS, seconds: SECONDS });
    // the machine is shared and its speed drifts from minute to minute: each page is measured in
    // ROUNDS pairs, the SQL side right after the HTTP side, and judged by the median pair
    const rows: { name: string; http: LoadResult; sql: LoadResult }[] = [];
    const pairs = async (name: string, http: () => Promise<LoadResult>, sql: () => Promise<LoadResult>) => {
      for (let round = 1; round <= ROUNDS; round++) rows.push({ name: `${name}, round ${round}`, http: await http(), sql: await sql() });
    };
    await pairs(
      'product page',
      () => onServer('HTTP: product page', productUrls),
      () => load('SQL: product page', (i) => direct(productQueries[i % SAMPLES])),
    );
    await pairs(
      'search page',
      () => onServer('HTTP: search page', searchUrls),
      () => load('SQL: search page', (i) => direct([searchQueries[i % searchQueries.length]])),
    );
    // the floor of any page: a route that does nothing, over the same HTTP
    const bare = await loadPaths('HTTP: bare route', server.url, ['/management/health'], { connections: CALLERS, seconds: SECONDS });
    for (const r of rows) console.log(`bench: ${r.name}: HTTP p99 ${r.http.p99} ms, SQL p99 ${r.sql.p99} ms`);

    // what each page type weighs: its HTML, and the JavaScript it loads before any click
    const fetchGet: SiteGet = async (url) => {
      const res = await fetch(`${server.url}${url}`, { redirect: 'manual', headers: { 'x-forwarded-for': '10.255.0.2' } });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    const product = await (await fetch(productUrls[0], { headers: { 'x-forwarded-for': '10.255.0.1' } })).text();
    const confirmation = /href="(\/site\/[^"]+\/files\/[^"]+)"/.exec(product)?.[1]?.replaceAll('&amp;', '&');
    const pages: [string, string][] = [
      ['choose country, language, audience', `/site/${SLUG}?change=1`],
      ['product types', typesUrl.slice(server.url.length)],
      ['search form', searchUrl.slice(server.url.length)],
      ['search results', searchUrls[0].slice(server.url.length)],
      ['product', productUrls[0].slice(server.url.length)],
      ...(confirmation ? [['download confirmation', confirmation] as [string, string]] : []),
      ['not found', `/site/${SLUG}/de/en/hcp/no-such-type`],
    ];
    const weights = ['| page | HTML bytes | HTML gzip bytes | first-load JS gzip bytes | scripts |', '|---|---:|---:|---:|---|'];
    for (const [name, url] of pages) {
      const res = await fetchGet(url);
      const html = res.body.toString();
      const js = await firstLoadOf(fetchGet, html);
      const names = js.files.map((f) => f.slice(f.lastIndexOf('/') + 1)).join(', ') || '—';
      weights.push(`| ${name} | ${res.body.length} | ${gzipSync(res.body, { level: 9 }).length} | ${js.gzipBytes} | ${names} |`);
    }

    const body = [
      `Database: PostgreSQL; the public-read bench's publication (${SIZE.products.toLocaleString('en')} products, ${SIZE.documents.toLocaleString('en')} documents,`,
      `${(SIZE.files * 2).toLocaleString('en')} public file versions) of the unit \`${SLUG}\`, served by the real server (\`npm start\`'s main.ts) in its own`,
      'process; the load comes from the benchmark process over loopback HTTP (autocannon, keep-alive), each request with its own',
      "client address (X-Forwarded-For from a trusted loopback proxy), as many visitors: the site's search limit is per address.",
      `Product page: \`/site/${SLUG}/de/en/hcp/implants/{keyCode}\` cycling through ${SAMPLES} visible products; search page:`,
      `\`…/implants?a12={material} {hex}\` (a partial attribute search, ${SEARCHES.length} texts, about 1/64 of the products each: a page of 20`,
      'with the total). Beside each, the statement the server sends for the page once warm (the product with its documents and',
      'files in one statement, or the search; which publication is live is held by the process: decision 0047), rendered from the',
      `same builders and sent through a pg pool of the same size (${POOL}) from the benchmark process. ${CALLERS} concurrent callers each,`,
      `${SECONDS} s after a 2 s warm-up, in ${ROUNDS} rounds of the HTTP side then the SQL side. Goal: p99 HTTP/SQL ≤ 1.5 (the median round).`,
      'Then each page type once: its HTML (raw and gzip level 9) and the gzipped JavaScript it loads before any click (its',
      'scripts and their static imports; the camera scanner, imported on demand, is not counted). Budget: 60 kB per page.',
      'The machine has 2 cores shared by the server, the database and the load: compare the rows of one run.',
      '',
      ratioRows(rows),
      '',
      `${medians(rows)}.`,
      '',
      `Bare route (\`GET /management/health\`, the same load): ${bare.requestsPerSecond} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms.`,
      '',
      weights.join('\n'),
    ].join('\n');
    console.log(body);
    if (SMOKE_PRODUCTS) console.log('bench: site smoke run (SITE_BENCH_PRODUCTS): nothing recorded');
    else writeSection('site-postgres', 'Public website over HTTP (PostgreSQL)', body);
  } finally {
    await pool.end();
    await reader.close();
    await server.stop();
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
  }
}

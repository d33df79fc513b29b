import { gzipSync } from 'node:zlib';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { documentsFilter } from '../apps/server/src/modules/public-read/documents.js';
import { liveSite } from '../apps/server/src/modules/public-read/live-site.js';
import { documentFilesSql, liveByUnitSql, productSql, searchProductsSql } from '../apps/server/src/modules/public-read/public-read.repo.js';
import type { LivePublication, Visitor } from '../apps/server/src/modules/public-read/public-read.types.js';
import { firstLoadOf, type SiteGet } from '../apps/server/src/modules/site/site-islands.test-support.js';
import { BENCH_SECONDS, type LoadResult } from './lib/load.js';
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
const POOL = 10;
const SECONDS = Math.min(8, BENCH_SECONDS);
const SAMPLES = 500;
const SLUG = 'bench-public';
/** A visitor in Germany reading English, a healthcare professional (the publication's interface languages are en and fr). */
const CHOICE = { country: 'de', language: 'en', audience: 'hcp' };
const VISITOR: Visitor = { audience: 'HCP', country: 'DE', language: 'en' };
const SEARCHES = ['titanium', 'steel', 'peek', 'cobalt chrome'].flatMap((m) => [...'0123456789abcdef'].map((h) => `${m} ${h}`));

function ratioRows(rows: { name: string; http: LoadResult; sql: LoadResult }[]): string {
  const lines = [
    '| page | HTTP req/s | HTTP p50 ms | HTTP p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p99 HTTP/SQL | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, http, sql } of rows) {
    const ratio = sql.p99 > 0 ? (http.p99 / sql.p99).toFixed(2) : 'n/a';
    lines.push(
      `| ${name} | ${http.requestsPerSecond} | ${http.p50} | ${http.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${ratio}× | ${http.errors + sql.errors} |`,
    );
  }
  return lines.join('\n');
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
    const productIds = Array.from({ length: SAMPLES }, (_, k) => ((k * 197) % SIZE.products) + 1).map((i) => (i % 10 === 0 ? i - 1 : i));
    const keyCodes = productIds.map((i) => `KC-${String(i).padStart(6, '0')}`);
    const productUrls = keyCodes.map((k) => `${searchUrl}/${k}`);
    const searchUrls = SEARCHES.map((q) => `${searchUrl}?a12=${encodeURIComponent(q)}`);

    // the read model's statements for the same answers: the live publication, then the product and its documents, or the search
    const liveQuery = text(liveByUnitSql(unitId, at, [contentId]));
    const shown = { contentId, productTypeId: 1, at, shownAttributeIds: [11, 12] };
    const productQueries = keyCodes.map((keyCode, i) => [
      text(productSql({ ...shown, audience: 'HCP' }, { keyCode })),
      text(documentFilesSql(documentsFilter(live, productIds[i], VISITOR, at) as NonNullable<ReturnType<typeof documentsFilter>>)),
    ]);
    const searchQueries = SEARCHES.map((value) =>
      text(searchProductsSql({ ...shown, attributes: [{ attributeDefinitionId: 12, value, match: 'PARTIAL' }] }, { limit: 20, offset: 0 })),
    );

    // every page answers before anything is timed
    for (const url of [productUrls[0], productUrls[SAMPLES - 1], searchUrls[0], searchUrls.at(-1) as string]) {
      const res = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': '10.255.0.3' } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
    }

    let visitor = 0;
    const get = async (url: string) => {
      visitor++;
      const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
      const res = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': address } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    };
    const direct = async (queries: { sql: string; params: unknown[] }[]) => {
      await pool.query(liveQuery.sql, liveQuery.params);
      for (const q of queries) await pool.query(q.sql, q.params);
    };
    const load = (name: string, call: (i: number) => Promise<unknown>) => loadCalls(name, call, { connections: CALLERS, seconds: SECONDS });
    const rows: { name: string; http: LoadResult; sql: LoadResult }[] = [];
    rows.push({
      name: 'product page (key code, its documents and files)',
      http: await load('HTTP: product page', (i) => get(productUrls[i % SAMPLES])),
      sql: await load('SQL: product page', (i) => direct(productQueries[i % SAMPLES])),
    });
    rows.push({
      name: 'search page (partial attribute, 20 a page with the total)',
      http: await load('HTTP: search page', (i) => get(searchUrls[i % searchUrls.length])),
      sql: await load('SQL: search page', (i) => direct([searchQueries[i % searchQueries.length]])),
    });
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
      'process; the load comes from the benchmark process over loopback HTTP (fetch, keep-alive), each request with its own',
      "client address (X-Forwarded-For from a trusted loopback proxy), as many visitors: the site's search limit is per address.",
      `Product page: \`/site/${SLUG}/de/en/hcp/implants/{keyCode}\` cycling through ${SAMPLES} visible products; search page:`,
      `\`…/implants?a12={material} {hex}\` (a partial attribute search, ${SEARCHES.length} texts, about 1/64 of the products each: a page of 20`,
      'with the total). Beside each, the read-model statements of the same answer (the live publication, then the product and its',
      'documents and files, or the search) rendered from the same builders and sent through a pg pool of the same size',
      `(${POOL}) from the benchmark process. ${CALLERS} concurrent callers each, ${SECONDS} s after a 2 s warm-up. Goal: p99 HTTP/SQL ≤ 1.5.`,
      'Then each page type once: its HTML (raw and gzip level 9) and the gzipped JavaScript it loads before any click (its',
      'scripts and their static imports; the camera scanner, imported on demand, is not counted). Budget: 60 kB per page.',
      'The machine has 2 cores shared by the server, the database and the load: compare the rows of one run.',
      '',
      ratioRows(rows),
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

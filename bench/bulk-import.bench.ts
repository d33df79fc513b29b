import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { zipSync } from 'fflate';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { makeProductType } from '../apps/server/src/factories/catalogue-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { txtLine } from '../apps/server/src/modules/bulk/bulk-sheet.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { loadAverage, sampleRss, seconds, startBenchWorker, uploadZipFile, waitForJob } from './lib/bulk.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';

/** Products in the sheet (BULK_ROWS for a shorter run). */
export const BULK_ROWS = Number(process.env.BULK_ROWS ?? 100_000);

const BRANDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark'];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The six STRING attributes of the bench type: each value made from the row number i, in JS (the sheet) and in SQL (the baseline). */
export const BULK_ATTRIBUTES = [
  { slug: 'brand', js: (i: number) => BRANDS[i % 5] as string, sql: `(ARRAY['Acme','Globex','Initech','Umbrella','Stark'])[i % 5 + 1]` },
  { slug: 'model', js: (i: number) => `MDL-${pad(i % 2000, 4)}`, sql: `'MDL-' || lpad((i % 2000)::text, 4, '0')` },
  { slug: 'family', js: (i: number) => `Family ${i % 97}`, sql: `'Family ' || (i % 97)` },
  { slug: 'description', js: (i: number) => `Sterile catheter ${i}`, sql: `'Sterile catheter ' || i` },
  { slug: 'gtin', js: (i: number) => pad(4000000000000 + i * 7, 14), sql: `lpad((4000000000000 + i * 7)::text, 14, '0')` },
  { slug: 'size', js: (i: number) => `${(i % 40) + 1} Fr`, sql: `((i % 40) + 1) || ' Fr'` },
];
const keyCodeJs = (i: number) => `BK-${pad(i, 6)}`;
const KEY_CODE_SQL = `'BK-' || lpad(i::text, 6, '0')`;
const nameOf = (slug: string) => slug[0].toUpperCase() + slug.slice(1);

export interface Target {
  unitId: number;
  typeId: number;
  definitions: { id: number; slug: string }[];
}

/** A unit with one product type of the six attributes (no products). */
export async function makeTarget(databaseUrl: string, dataDir: string, slug: string): Promise<Target> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemoIfEmpty(database.db);
  const unit = await makeBusinessUnit(database.db, { slug, displayName: slug });
  const type = await makeProductType(
    database.db,
    unit.id,
    { name: 'Catheters', slug: 'catheters' },
    BULK_ATTRIBUTES.map((a) => ({ name: nameOf(a.slug), slug: a.slug })),
  );
  await database.close();
  return { unitId: unit.id, typeId: type.id, definitions: type.definitions.map((d) => ({ id: d.id, slug: d.slug })) };
}

/** How a changed row's description reads (the REPLACE bench's sheet changes some rows). */
export const CHANGED_SUFFIX = ' (rev. B)';

/**
 * The import's zip: one TXT sheet with the export's header and `rows` products, numbered from
 * `from`; the rows `changed` names have their description changed.
 */
export function writeProductZip(path: string, rows: number, opts: { from?: number; changed?: (i: number) => boolean } = {}): number {
  const { from = 1, changed = () => false } = opts;
  const lines = [txtLine(['Key code', ...BULK_ATTRIBUTES.map((a) => `${nameOf(a.slug)} [${a.slug}]`), 'Product groups', 'Lot ranges'])];
  for (let i = from; i < from + rows; i++) {
    const values = BULK_ATTRIBUTES.map((a) => (a.slug === 'description' && changed(i) ? `${a.js(i)}${CHANGED_SUFFIX}` : a.js(i)));
    lines.push(txtLine([keyCodeJs(i), ...values, '', '']));
  }
  const zip = zipSync({ 'catheters.txt': new TextEncoder().encode(lines.join('')) });
  writeFileSync(path, zip);
  return zip.length;
}

/** The same rows as multi-row INSERT … SELECT statements (products, then their values), in one transaction. */
export async function insertSelect(c: pg.Client, t: Target, rows: number): Promise<number> {
  const started = performance.now();
  await c.query('BEGIN');
  await c.query(
    `INSERT INTO product (business_unit_id, product_type_id, key_code) SELECT $1, $2, ${KEY_CODE_SQL} FROM generate_series(1, ${rows}) AS i`,
    [t.unitId, t.typeId],
  );
  const cases = t.definitions.map((d) => `WHEN ${d.id} THEN ${BULK_ATTRIBUTES.find((a) => a.slug === d.slug)?.sql}`).join(' ');
  await c.query(
    `INSERT INTO product_type_attribute_value (product_id, attribute_definition_id, value)
     SELECT p.id, d.id, CASE d.id ${cases} END
     FROM (SELECT id, substr(key_code, 4)::int AS i FROM product WHERE product_type_id = $1) AS p
     CROSS JOIN (SELECT id FROM product_type_attribute_definition WHERE product_type_id = $1) AS d`,
    [t.typeId],
  );
  await c.query('COMMIT');
  return performance.now() - started;
}

/**
 * Issue 21 (1): 100,000 products (6 values each) through the whole path: a zip of a TXT sheet,
 * upload-url, PUT, upload-complete, the queue, `npm run worker` in its own process (the server runs
 * no jobs), committed (SUCCESS); beside multi-row INSERT … SELECT of the same rows on the same
 * database. PostgreSQL only.
 */
export async function bulkImportBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: bulk-import skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let imported: Target | undefined;
  let baseline: Target | undefined;
  const server = await startBenchServer(
    async (databaseUrl, dataDir) => {
      imported = await makeTarget(databaseUrl as string, dataDir, 'bench-import');
      baseline = await makeTarget(databaseUrl as string, dataDir, 'bench-insert-select');
    },
    { env: { SERVER_RUNS_JOBS: 'false' } },
  );
  const zipPath = join(tmpdir(), `vellum-bench-products-${Date.now()}.zip`);
  const c = new pg.Client({ connectionString: server.databaseUrl });
  await c.connect();
  const worker = await startBenchWorker(server);
  try {
    const into = imported as Target;
    const zipBytes = writeProductZip(zipPath, BULK_ROWS);
    const sqlMs = await insertSelect(c, baseline as Target, BULK_ROWS);
    await c.query('VACUUM ANALYZE');
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const idle = worker.memory();
    const cpuBefore = worker.cpuSeconds();
    const stopSampling = sampleRss(worker.pid);
    const load = loadAverage();
    const t0 = performance.now();
    const started = await uploadZipFile(server.url, headers, zipPath, {
      entity: 'PRODUCT',
      businessUnitId: into.unitId,
      productTypeId: into.typeId,
    });
    if ('refused' in started) throw new Error(`upload refused: ${started.refused}`);
    const t1 = performance.now();
    const job = await waitForJob(server.url, headers, started.id);
    const t2 = performance.now();
    const rss = stopSampling();
    const workerCpu = worker.cpuSeconds() - cpuBefore;
    if (job.status !== 'SUCCESS') throw new Error(`import ended ${job.status}: ${job.log}`);
    const counted = await c.query(
      `SELECT (SELECT count(*) FROM product WHERE product_type_id = $1)::int AS products,
              (SELECT count(*) FROM product_type_attribute_value v JOIN product p ON p.id = v.product_id WHERE p.product_type_id = $1)::int AS vals,
              (SELECT count(*) FROM audit_log WHERE entity_name = 'product' AND business_unit_id = $2 AND action = 'CREATE')::int AS audits`,
      [into.typeId, into.unitId],
    );
    const { products, vals, audits } = counted.rows[0] as { products: number; vals: number; audits: number };
    if (products !== BULK_ROWS || vals !== BULK_ROWS * 6 || audits !== BULK_ROWS)
      throw new Error(`import wrote ${products} products, ${vals} values, ${audits} audit rows`);
    const total = t2 - t0;
    const ratio = (total / sqlMs).toFixed(1);
    const mb = (kb: number) => (kb / 1024).toFixed(0);
    console.log(`bench: bulk-import ${BULK_ROWS} rows: whole path ${seconds(total)} s, INSERT … SELECT ${seconds(sqlMs)} s (${ratio}×)`);
    writeSection(
      'bulk-import',
      'Bulk import of products (PostgreSQL)',
      [
        `${BULK_ROWS.toLocaleString('en')} products with 6 attribute values each (a ${(zipBytes / 2 ** 20).toFixed(1)} MB zip of a TXT sheet). ` +
          'The whole path: upload-url, PUT of the zip, upload-complete, the queue, `npm run worker` in its own process (the server runs ' +
          'no jobs), every row through the products service in one transaction, SUCCESS read by polling `GET api/bulk/{id}` every 100 ms. ' +
          'Beside it: the same rows as two multi-row `INSERT … SELECT` statements (products, then their values) in one transaction, ' +
          `into another unit of the same database. Load average (1/5/15 min) at the start: ${load}.`,
        '',
        '| path | rows | upload (s) | queue → committed (s) | total (s) | rows/s | vs INSERT … SELECT | worker CPU (s) | worker RSS idle → peak (MB) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        `| whole path | ${BULK_ROWS} | ${seconds(t1 - t0)} | ${seconds(t2 - t1)} | ${seconds(total)} | ${Math.round(BULK_ROWS / (total / 1000))} | ${ratio}× | ${workerCpu.toFixed(1)} | ${mb(idle.rssKb)} → ${mb(rss.peakRssKb)} |`,
        `| INSERT … SELECT | ${BULK_ROWS} | | | ${seconds(sqlMs)} | ${Math.round(BULK_ROWS / (sqlMs / 1000))} | 1.0× | | |`,
        '',
        `Checked after the run: ${products} products, ${vals} values and ${audits} product CREATE audit rows written by the import. Goal: ≤ 3×.`,
      ].join('\n'),
    );
  } finally {
    rmSync(zipPath, { force: true });
    await c.end();
    await worker.stop();
    await server.stop();
  }
}

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { XLS_MAX_ROWS } from '../apps/server/src/modules/bulk/bulk-sheet.js';
import { DEMO_USERS } from '../apps/server/src/seed/demo.js';
import { loadAverage, sampleRss, seconds, startBenchWorker } from './lib/bulk.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';
import { seedProductSearch } from './product-search.bench.js';

/** `COPY (…) TO STDOUT` through psql, its output read and thrown away; the time until psql ends, and the bytes. */
function copyOut(databaseUrl: string, select: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let bytes = 0;
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `COPY (${select}) TO STDOUT`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (b: Buffer) => {
      bytes += b.length;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(`psql exited ${code}`)),
    );
  });
}

/** The export's columns in SQL: key code, each value in the definitions' order, groups and lot ranges one per line; key-code order. */
function exportSelect(typeId: number, definitionIds: number[], limit?: number): string {
  const values = definitionIds.map((id) => `max(v.value) FILTER (WHERE v.attribute_definition_id = ${id})`).join(', ');
  return `SELECT p.key_code, ${values},
      (SELECT string_agg(g.name, E'\\n' ORDER BY g.name) FROM product_group_product gp JOIN product_group g ON g.id = gp.product_group_id WHERE gp.product_id = p.id),
      (SELECT string_agg(l.name, E'\\n' ORDER BY l.name) FROM product_lot_range pl JOIN lot_range l ON l.id = pl.lot_range_id WHERE pl.product_id = p.id)
    FROM product p LEFT JOIN product_type_attribute_value v ON v.product_id = p.id
    WHERE p.product_type_id = ${typeId} GROUP BY p.id ORDER BY lower(p.key_code)${limit === undefined ? '' : ` LIMIT ${limit}`}`;
}

/** `copyOut` run twice, the second timed: the COPY with the cache as warm as the export finds it. */
async function warmCopy(databaseUrl: string, select: string): Promise<{ ms: number; bytes: number }> {
  await copyOut(databaseUrl, select);
  return copyOut(databaseUrl, select);
}

/** The worker's VmRSS before a run and the peak sampled during it (MB). */
const peakOf = (before: { rssKb: number }, during: { peakRssKb: number }) =>
  `${(before.rssKb / 1024).toFixed(0)} → ${(during.peakRssKb / 1024).toFixed(0)}`;

interface ExportRun {
  status: string;
  ms: number;
  log: string | null;
  /** From the request to the worker taking the job (the queue's polling), and from then to SUCCESS (ms). */
  waitMs: number;
  workMs: number;
}

const workRatio = (run: ExportRun, copyMs: number) => (run.status === 'SUCCESS' ? `${(run.workMs / copyMs).toFixed(1)}×` : 'n/a');

/** GET api/bulk/export, then the job's row polled every 100 ms until it leaves PROCESSING. */
async function exportThroughApi(
  url: string,
  headers: Record<string, string>,
  c: pg.Client,
  unitId: number,
  typeId: number,
  format: string,
): Promise<ExportRun> {
  const started = performance.now();
  const res = await fetch(`${url}/api/bulk/export?entity=PRODUCT&business-unit=${unitId}&product-type=${typeId}&file-format=${format}`, {
    headers,
  });
  if (res.status !== 202) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  for (;;) {
    const { rows } = await c.query('SELECT status, log FROM bulk_job WHERE id = $1', [id]);
    const row = rows[0] as { status: string; log: string | null };
    if (row.status !== 'PROCESSING') {
      const ms = performance.now() - started;
      // the database's own clock: requested (created), taken by the worker (pg-boss started_on), done (processed)
      const { rows: times } = await c.query(
        `SELECT extract(epoch FROM b.started_on - j.created_date) * 1000 AS wait, extract(epoch FROM j.processed_date - b.started_on) * 1000 AS work
         FROM bulk_job j JOIN pgboss.job b ON b.name = 'bulk-export' AND b.data->>'jobId' = j.id::text WHERE j.id = $1`,
        [id],
      );
      const t = times[0] as { wait: string; work: string } | undefined;
      return { status: row.status, ms, log: row.log, waitMs: Number(t?.wait ?? 0), workMs: Number(t?.work ?? 0) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 21 (3): the export of 100,000 products (6 values each, 90% in a group) in each format,
 * requested through the API and made by `npm run worker` in its own process, until its job is
 * SUCCESS (the zip stored); beside `COPY (SELECT …) TO STDOUT` of the same columns in the same
 * order through psql. XLS holds at most 65,535 rows: it is measured on the first 65,535 products of
 * a second copy of the type, and its refusal at 100,000 is recorded. PostgreSQL only.
 */
export async function bulkExportBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: bulk-export skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let seeded: Awaited<ReturnType<typeof seedProductSearch>> | undefined;
  const server = await startBenchServer(
    async (databaseUrl, dataDir) => {
      seeded = await seedProductSearch(databaseUrl as string, dataDir);
    },
    { env: { SERVER_RUNS_JOBS: 'false' } },
  );
  const databaseUrl = server.databaseUrl as string;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const worker = await startBenchWorker(server);
  try {
    const { typeId } = seeded as NonNullable<typeof seeded>;
    const { rows: typeRows } = await c.query('SELECT business_unit_id FROM product_type WHERE id = $1', [typeId]);
    const unitId = (typeRows[0] as { business_unit_id: number }).business_unit_id;
    const { rows: defRows } = await c.query(
      'SELECT id FROM product_type_attribute_definition WHERE product_type_id = $1 ORDER BY visualization_order, id',
      [typeId],
    );
    const definitionIds = defRows.map((r: { id: number }) => r.id);
    const total = Number((await c.query('SELECT count(*) FROM product WHERE product_type_id = $1', [typeId])).rows[0].count);
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const load = loadAverage();
    const xlsRows = XLS_MAX_ROWS - 1;
    const copyAll = await warmCopy(databaseUrl, exportSelect(typeId, definitionIds));
    const copyXls = await warmCopy(databaseUrl, exportSelect(typeId, definitionIds, xlsRows));
    const lines = [
      `${total.toLocaleString('en')} products of one type with 6 attribute values each, 90% in one of 100 product groups (the product search ` +
        "bench's catalogue). Each export is requested with `GET api/bulk/export` and made by `npm run worker` in its own process (the server " +
        'runs no jobs), timed until its job is SUCCESS (the zip written to the file store; the mail is sent after). Beside it: `COPY (SELECT …) ' +
        'TO STDOUT` of the same columns (key code, the 6 values, groups, lot ranges) in the same key-code order through psql, its output read ' +
        `and discarded (run twice, the second timed). Load average (1/5/15 min) at the start: ${load}.`,
      '',
      '| format | products | export (s) | of which queue wait (s) | worker from taking the job to SUCCESS (s) | COPY (s) | vs COPY | worker time vs COPY | worker RSS before → peak during (MB) | job log |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ];
    const runs: [string, number, { ms: number }][] = [
      ['TXT', total, copyAll],
      ['ODS', total, copyAll],
      ['XLS', total, copyAll],
    ];
    for (const [format, rows, copy] of runs) {
      const before = worker.memory();
      const sampled = sampleRss(worker.pid);
      const run = await exportThroughApi(server.url, headers, c, unitId, typeId, format);
      const peak = peakOf(before, sampled());
      const ratio = run.status === 'SUCCESS' ? `${(run.ms / copy.ms).toFixed(1)}×` : 'n/a';
      console.log(`bench: bulk-export ${format} ${rows}: ${run.status} in ${seconds(run.ms)} s (COPY ${seconds(copy.ms)} s)`);
      lines.push(
        `| ${format} | ${rows} | ${seconds(run.ms)}${run.status === 'SUCCESS' ? '' : ` (${run.status})`} | ${seconds(run.waitMs)} | ${seconds(run.workMs)} | ${seconds(copy.ms)} | ${ratio} | ${workRatio(run, copy.ms)} | ${peak} | ${(run.log ?? '').replace(/\|/g, '/').replace(/\n/g, ' ')} |`,
      );
    }
    // XLS within its limit: a second type holding the first 65,535 products' copies
    const { rows: copied } = await c.query(
      `WITH t AS (INSERT INTO product_type (business_unit_id, slug, name) SELECT business_unit_id, 'catheters-xls', 'Catheters XLS' FROM product_type WHERE id = $1 RETURNING id),
       d AS (INSERT INTO product_type_attribute_definition (product_type_id, name, slug, type, visualization_order, is_active)
             SELECT t.id, d.name, d.slug, d.type, d.visualization_order, d.is_active FROM product_type_attribute_definition d, t WHERE d.product_type_id = $1 RETURNING id)
       SELECT (SELECT id FROM t) AS id`,
      [typeId],
    );
    const xlsType = (copied[0] as { id: number }).id;
    await c.query(
      `INSERT INTO product (business_unit_id, product_type_id, key_code)
       SELECT business_unit_id, $2, 'X' || key_code FROM product WHERE product_type_id = $1 ORDER BY lower(key_code) LIMIT ${xlsRows}`,
      [typeId, xlsType],
    );
    await c.query(
      `INSERT INTO product_type_attribute_value (product_id, attribute_definition_id, value)
       SELECT x.id, xd.id, v.value FROM product x
       JOIN product p ON p.product_type_id = $1 AND 'X' || p.key_code = x.key_code AND p.business_unit_id = x.business_unit_id
       JOIN product_type_attribute_value v ON v.product_id = p.id
       JOIN product_type_attribute_definition d ON d.id = v.attribute_definition_id
       JOIN product_type_attribute_definition xd ON xd.product_type_id = $2 AND xd.slug = d.slug
       WHERE x.product_type_id = $2`,
      [typeId, xlsType],
    );
    await c.query('VACUUM ANALYZE');
    const { rows: xlsDefs } = await c.query(
      'SELECT id FROM product_type_attribute_definition WHERE product_type_id = $1 ORDER BY visualization_order, id',
      [xlsType],
    );
    const copyXlsType = await warmCopy(
      databaseUrl,
      exportSelect(
        xlsType,
        xlsDefs.map((r: { id: number }) => r.id),
      ),
    );
    for (const format of ['XLS', 'TXT']) {
      const before = worker.memory();
      const sampled = sampleRss(worker.pid);
      const run = await exportThroughApi(server.url, headers, c, unitId, xlsType, format);
      const peak = peakOf(before, sampled());
      const ratio = run.status === 'SUCCESS' ? `${(run.ms / copyXlsType.ms).toFixed(1)}×` : 'n/a';
      console.log(`bench: bulk-export ${format} ${xlsRows}: ${run.status} in ${seconds(run.ms)} s (COPY ${seconds(copyXlsType.ms)} s)`);
      lines.push(
        `| ${format} | ${xlsRows} | ${seconds(run.ms)}${run.status === 'SUCCESS' ? '' : ` (${run.status})`} | ${seconds(run.waitMs)} | ${seconds(run.workMs)} | ${seconds(copyXlsType.ms)} | ${ratio} | ${workRatio(run, copyXlsType.ms)} | ${peak} | ${(run.log ?? '').replace(/\|/g, '/').replace(/\n/g, ' ')} |`,
      );
    }
    lines.push(
      '',
      `COPY of the first ${xlsRows} products of the 100,000 (for reference): ${seconds(copyXls.ms)} s. Goal: TXT ≤ 3× COPY; XLS and ODS reported. ` +
        "The worker RSS column is the worker's VmRSS when the export is requested and the highest VmRSS sampled every 50 ms until its job " +
        'leaves PROCESSING (each run measured on its own, whatever an earlier run left).',
    );
    writeSection('bulk-export', 'Bulk export of products (PostgreSQL)', lines.join('\n'));
  } finally {
    await c.end();
    await worker.stop();
    await server.stop();
  }
}

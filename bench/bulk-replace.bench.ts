import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { IMPORT_BATCH } from '../apps/server/src/modules/bulk/import/product-import.js';
import { deleteProduct, deleteProductsOfType } from '../apps/server/src/modules/products/products.service.js';
import { DEMO_USERS } from '../apps/server/src/seed/demo.js';
import { BULK_ROWS, CHANGED_SUFFIX, insertSelect, makeTarget, type Target, writeProductZip } from './bulk-import.bench.js';
import { loadAverage, seconds, startBenchWorker, uploadZipFile, waitForJob } from './lib/bulk.js';
import { writeSection } from './lib/results.js';
import { type BenchServer, signInHeaders, startBenchServer } from './lib/server.js';

/** Products a REPLACE sheet leaves out, and products it changes (REPLACE_ROWS for a shorter run). */
const REPLACE_ROWS = Number(process.env.REPLACE_ROWS ?? 10_000);
const ACTOR = { userId: null, login: 'bench' };

/** A product's state as its DELETE audit row records it, built by SQL (the baseline's audit rows). */
const DELETED_STATE = `jsonb_build_object('keyCode', p.key_code, 'productTypeId', p.product_type_id, 'publishDate', p.publish_date,
  'endOfLifeDate', p.end_of_life_date,
  'attributeValues', (SELECT jsonb_object_agg(v.attribute_definition_id::text, v.value) FROM product_type_attribute_value v WHERE v.product_id = p.id),
  'productGroupIds', '[]'::jsonb, 'lotRangeIds', '[]'::jsonb, 'deletedLotRangeIds', '[]'::jsonb)`;

/** The removals as SQL: the DELETE audit rows (`INSERT … SELECT`), then `DELETE … WHERE id = ANY`; in the caller's transaction. */
async function removeBySql(c: pg.Client, t: Target, ids: number[]): Promise<void> {
  await c.query(
    `INSERT INTO audit_log (login, business_unit_id, entity_name, entity_id, entity_label, action, category, changes)
     SELECT 'bench', p.business_unit_id, 'product', p.id::text, p.key_code, 'DELETE', 'general', ${DELETED_STATE}
     FROM product p WHERE p.id = ANY($1::int[]) ORDER BY p.id`,
    [ids],
  );
  await c.query('DELETE FROM product WHERE id = ANY($1::int[]) AND product_type_id = $2', [ids, t.typeId]);
}

/** The ids of the type's products whose key-code number is in [from, to], in order. */
async function idsBetween(c: pg.Client, t: Target, from: number, to: number): Promise<number[]> {
  const r = await c.query(
    `SELECT id FROM product WHERE product_type_id = $1 AND substr(key_code, 4)::int BETWEEN $2 AND $3 ORDER BY substr(key_code, 4)::int`,
    [t.typeId, from, to],
  );
  return r.rows.map((row: { id: number }) => Number(row.id));
}

const auditCount = async (c: pg.Client, unitId: number, action: string) =>
  Number(
    (
      await c.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity_name = 'product' AND business_unit_id = $1 AND action = $2`, [
        unitId,
        action,
      ])
    ).rows[0].n,
  );

/**
 * The removals alone, in this process against the same database: REPLACE_ROWS products deleted by
 * the products service's batch delete (as the import calls it, IMPORT_BATCH ids at a time), the same
 * number one by one through deleteProduct (how the import removed them before decision 0088), and
 * by SQL; each in one transaction.
 */
async function removalsAlone(server: BenchServer, c: pg.Client, t: Target) {
  await insertSelect(c, t, REPLACE_ROWS * 3);
  await c.query('VACUUM ANALYZE');
  const database = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  try {
    const batch = await idsBetween(c, t, 1, REPLACE_ROWS);
    const oneByOne = await idsBetween(c, t, REPLACE_ROWS + 1, REPLACE_ROWS * 2);
    const bySql = await idsBetween(c, t, REPLACE_ROWS * 2 + 1, REPLACE_ROWS * 3);
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < batch.length; i += IMPORT_BATCH) {
        const out = await deleteProductsOfType(tx, ACTOR, t.typeId, batch.slice(i, i + IMPORT_BATCH));
        if (out.some((o) => o instanceof Error)) throw new Error('a batch delete was refused');
      }
    });
    const t1 = performance.now();
    await database.db.transaction(async (tx) => {
      for (const id of oneByOne) await deleteProduct({ db: tx as typeof database.db }, ACTOR, id);
    });
    const t2 = performance.now();
    await c.query('BEGIN');
    await removeBySql(c, t, bySql);
    await c.query('COMMIT');
    const t3 = performance.now();
    const left = Number((await c.query('SELECT count(*)::int AS n FROM product WHERE product_type_id = $1', [t.typeId])).rows[0].n);
    const audits = await auditCount(c, t.unitId, 'DELETE');
    if (left !== 0 || audits !== REPLACE_ROWS * 3) throw new Error(`removals left ${left} products, wrote ${audits} DELETE audit rows`);
    return { batchMs: t1 - t0, oneByOneMs: t2 - t1, sqlMs: t3 - t2 };
  } finally {
    await database.close();
  }
}

/**
 * Decision 0088: BULK_ROWS products imported (the whole path), then a REPLACE import of a sheet
 * that leaves REPLACE_ROWS out and changes REPLACE_ROWS (their description), beside the same change
 * as SQL on the same products in another unit (the changed values and their versions, UPDATE audit
 * rows, then the DELETE audit rows and `DELETE … WHERE id = ANY`). Then the removals alone: the
 * batch delete, deleteProduct one by one (before), SQL. PostgreSQL only.
 */
export async function bulkReplaceBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: bulk-replace skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  const targets = {} as { imported: Target; baseline: Target; removals: Target };
  const server = await startBenchServer(
    async (databaseUrl, dataDir) => {
      targets.imported = await makeTarget(databaseUrl as string, dataDir, 'bench-replace');
      targets.baseline = await makeTarget(databaseUrl as string, dataDir, 'bench-replace-sql');
      targets.removals = await makeTarget(databaseUrl as string, dataDir, 'bench-removals');
    },
    { env: { SERVER_RUNS_JOBS: 'false' } },
  );
  const firstZip = join(tmpdir(), `vellum-bench-replace-1-${Date.now()}.zip`);
  const replaceZip = join(tmpdir(), `vellum-bench-replace-2-${Date.now()}.zip`);
  const c = new pg.Client({ connectionString: server.databaseUrl });
  await c.connect();
  const worker = await startBenchWorker(server);
  try {
    const { imported, baseline } = targets;
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const load = loadAverage();
    // the catalogue: BULK_ROWS products imported (ADD), and the same by INSERT … SELECT for the baseline
    writeProductZip(firstZip, BULK_ROWS);
    const first = await uploadZipFile(server.url, headers, firstZip, {
      entity: 'PRODUCT',
      businessUnitId: imported.unitId,
      productTypeId: imported.typeId,
    });
    if ('refused' in first) throw new Error(`upload refused: ${first.refused}`);
    const firstJob = await waitForJob(server.url, headers, first.id);
    if (firstJob.status !== 'SUCCESS') throw new Error(`first import ended ${firstJob.status}: ${firstJob.log}`);
    await insertSelect(c, baseline, BULK_ROWS);
    await c.query(`UPDATE business_unit SET bulk_import_type = 'REPLACE' WHERE id = $1`, [imported.unitId]);
    await c.query('VACUUM ANALYZE');

    // REPLACE: rows 1..REPLACE_ROWS left out, the next REPLACE_ROWS changed, the rest as they are
    const changed = (i: number) => i > REPLACE_ROWS && i <= REPLACE_ROWS * 2;
    writeProductZip(replaceZip, BULK_ROWS - REPLACE_ROWS, { from: REPLACE_ROWS + 1, changed });
    const t0 = performance.now();
    const started = await uploadZipFile(server.url, headers, replaceZip, {
      entity: 'PRODUCT',
      businessUnitId: imported.unitId,
      productTypeId: imported.typeId,
    });
    if ('refused' in started) throw new Error(`upload refused: ${started.refused}`);
    const job = await waitForJob(server.url, headers, started.id);
    const importMs = performance.now() - t0;
    if (job.status !== 'SUCCESS') throw new Error(`REPLACE import ended ${job.status}: ${job.log}`);
    const products = Number(
      (await c.query('SELECT count(*)::int AS n FROM product WHERE product_type_id = $1', [imported.typeId])).rows[0].n,
    );
    const deletes = await auditCount(c, imported.unitId, 'DELETE');
    const updates = await auditCount(c, imported.unitId, 'UPDATE');
    const revised = Number(
      (
        await c.query(
          `SELECT count(*)::int AS n FROM product_type_attribute_value v JOIN product p ON p.id = v.product_id WHERE p.product_type_id = $1 AND v.value LIKE $2`,
          [imported.typeId, `%${CHANGED_SUFFIX}`],
        )
      ).rows[0].n,
    );
    // only the changed rows are written and audited; the rows named as they are change nothing (decision 0088)
    if (products !== BULK_ROWS - REPLACE_ROWS || deletes !== REPLACE_ROWS || revised !== REPLACE_ROWS || updates !== REPLACE_ROWS)
      throw new Error(`REPLACE left ${products} products, ${deletes} DELETE and ${updates} UPDATE audit rows, ${revised} changed values`);

    // the same change as SQL, in one transaction: the changed values, their versions and UPDATE audit rows; the removals
    const description = baseline.definitions.find((d) => d.slug === 'description')?.id as number;
    const changedIds = await idsBetween(c, baseline, REPLACE_ROWS + 1, REPLACE_ROWS * 2);
    const leftOut = await idsBetween(c, baseline, 1, REPLACE_ROWS);
    const s0 = performance.now();
    await c.query('BEGIN');
    await c.query(
      `INSERT INTO audit_log (login, business_unit_id, entity_name, entity_id, entity_label, action, category, changes)
       SELECT 'bench', p.business_unit_id, 'product', p.id::text, p.key_code, 'UPDATE', 'general',
              jsonb_build_object('attributeValues', jsonb_build_object('from', v.value, 'to', v.value || $3::text))
       FROM product p JOIN product_type_attribute_value v ON v.product_id = p.id AND v.attribute_definition_id = $2
       WHERE p.id = ANY($1::int[]) ORDER BY p.id`,
      [changedIds, description, CHANGED_SUFFIX],
    );
    await c.query(
      `UPDATE product_type_attribute_value SET value = value || $3::text WHERE product_id = ANY($1::int[]) AND attribute_definition_id = $2`,
      [changedIds, description, CHANGED_SUFFIX],
    );
    await c.query('UPDATE product SET version = version + 1, last_modified_date = now() WHERE id = ANY($1::int[])', [changedIds]);
    const s1 = performance.now();
    await removeBySql(c, baseline, leftOut);
    await c.query('COMMIT');
    const s2 = performance.now();
    const sqlMs = s2 - s0;

    const alone = await removalsAlone(server, c, targets.removals);
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    console.log(
      `bench: bulk-replace: REPLACE import ${seconds(importMs)} s, SQL ${seconds(sqlMs)} s; removals of ${REPLACE_ROWS}: batch ${seconds(alone.batchMs)} s, one by one ${seconds(alone.oneByOneMs)} s, SQL ${seconds(alone.sqlMs)} s`,
    );
    writeSection(
      'bulk-replace',
      'Bulk import with REPLACE (PostgreSQL)',
      [
        `${BULK_ROWS.toLocaleString('en')} products (6 attribute values each) imported through the whole path, then the unit set to REPLACE and a ` +
          `sheet of ${(BULK_ROWS - REPLACE_ROWS).toLocaleString('en')} rows imported through the whole path (upload to SUCCESS, \`npm run worker\` ` +
          `in its own process): it leaves ${REPLACE_ROWS.toLocaleString('en')} products out (removed, one DELETE audit row each), changes the ` +
          `description of ${REPLACE_ROWS.toLocaleString('en')} and names the others as they are (each named row checked by the products ` +
          "service's batch update, decision 0067; the rows that change nothing are not written, decision 0088). " +
          'Beside it, the same change as SQL on the same products in another unit, in one transaction: UPDATE audit ' +
          'rows, the changed values and versions, then the DELETE audit rows (`INSERT … SELECT`, the state as JSONB) and ' +
          '`DELETE … WHERE id = ANY`. Then the removals alone, in the bench process against the same database, ' +
          `${REPLACE_ROWS.toLocaleString('en')} products each, in one transaction each: the batch delete as the import calls it ` +
          `(${IMPORT_BATCH} ids at a time), \`deleteProduct\` one by one (how REPLACE removed before decision 0088), and the SQL. ` +
          `Load average (1/5/15 min) at the start: ${load}.`,
        '',
        '| what | products | time (s) | vs SQL |',
        '|---|---:|---:|---:|',
        `| REPLACE import, whole path | ${(BULK_ROWS - REPLACE_ROWS).toLocaleString('en')} named, ${REPLACE_ROWS.toLocaleString('en')} removed | ${seconds(importMs)} | ${ratio(importMs, sqlMs)} |`,
        `| the same change as SQL | ${REPLACE_ROWS.toLocaleString('en')} changed, ${REPLACE_ROWS.toLocaleString('en')} removed | ${seconds(sqlMs)} (removals ${seconds(s2 - s1)}) | 1.0× |`,
        `| removals: batch delete (after) | ${REPLACE_ROWS.toLocaleString('en')} | ${seconds(alone.batchMs)} | ${ratio(alone.batchMs, alone.sqlMs)} |`,
        `| removals: \`deleteProduct\` one by one (before) | ${REPLACE_ROWS.toLocaleString('en')} | ${seconds(alone.oneByOneMs)} | ${ratio(alone.oneByOneMs, alone.sqlMs)} |`,
        `| removals: SQL | ${REPLACE_ROWS.toLocaleString('en')} | ${seconds(alone.sqlMs)} | 1.0× |`,
        '',
        `Checked after the run: ${products} products left, ${deletes} product DELETE and ${updates} UPDATE audit rows and ${revised} changed values written by the REPLACE import; ` +
          'every removal of the removals alone audited.',
      ].join('\n'),
    );
  } finally {
    rmSync(firstZip, { force: true });
    rmSync(replaceZip, { force: true });
    await c.end();
    await worker.stop();
    await server.stop();
  }
}

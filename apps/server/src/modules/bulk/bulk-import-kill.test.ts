import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bulkJob, product } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { sheetOf, uploadZip, zipOf } from './bulk-upload.test-support.js';
import { IMPORT_BATCH, runImport } from './import/product-import.js';

/**
 * A worker killed (kill -9) while it applies an import leaves the catalogue exactly as it was
 * (decision 0057: one transaction); the job stays taken by the dead worker until pg-boss expires
 * the attempt and retries it, and running it again applies the sheet once. PostgreSQL only: the
 * child process needs a database of its own connections.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Four batches: the worker is killed once the first is done, with three to go. */
const ROWS = IMPORT_BATCH * 4;

it.skipIf(!process.env.DATABASE_URL)(
  'kill -9 of the worker mid-import changes nothing; the rerun applies it once',
  { timeout: 240_000 },
  async () => {
    const unit = await makeBusinessUnit(ctx.db, { bulkImportType: 'REPLACE' });
    const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
    await makeProduct(ctx.db, type, { keyCode: 'BEFORE-1' });
    const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
    const rows = [
      ['Key code', 'Label [label]'],
      ...Array.from({ length: ROWS }, (_, i) => [`K-${String(i).padStart(5, '0')}`, `Label ${i}`]),
    ];
    const id = await uploadZip(ctx.app, await tokenFor(ctx, user.id), zipOf({ 'big.txt': sheetOf(rows) }), {
      businessUnitId: unit.id,
      productTypeId: type.id,
    });
    const productsOfType = async () => (await ctx.db.select({ n: count() }).from(product).where(eq(product.productTypeId, type.id)))[0]?.n;

    const script = fileURLToPath(new URL('./import/drain-in-child.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += String(d);
    });
    child.stderr.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // waits on another process: its progress (rows_done, written beside its transaction) is polled
    let done = 0;
    for (let i = 0; i < 1200 && done < IMPORT_BATCH; i++) {
      await sleep(100);
      done = (await ctx.db.select({ done: bulkJob.rowsDone }).from(bulkJob).where(eq(bulkJob.id, id)))[0]?.done ?? 0;
      if (child.exitCode !== null) break;
    }
    expect(done, output).toBeGreaterThanOrEqual(IMPORT_BATCH);
    expect(done).toBeLessThan(ROWS);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // the catalogue is as it was: the transaction died with its connection
    expect(await productsOfType()).toBe(1);
    const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
    expect(job).toMatchObject({ status: 'PROCESSING', rowsCreated: 0, rowsTotal: ROWS });
    // pg-boss still holds the attempt as active: it expires and is retried (decision 0056)
    const attempts = await rowsOf<{ state: string }>(
      ctx.db,
      sql`SELECT state FROM pgboss.job WHERE name = 'bulk-import' AND data->>'jobId' = ${String(id)}`,
    );
    expect(attempts.map((r) => r.state)).toEqual(['active']);

    // the retry's handler: the sheet is applied once, REPLACE removing the product it leaves out
    await runImport(ctx.app.deps, { jobId: id });
    const [after] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
    expect(after, after?.log).toMatchObject({ status: 'SUCCESS', rowsCreated: ROWS, rowsRemoved: 1 });
    expect(await productsOfType()).toBe(ROWS);
  },
);

import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bulkJob, document, fileVersion } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { documentHeader } from './bulk-document-sheet.js';
import { sheetOf, uploadZip, zipOf } from './bulk-upload.test-support.js';
import { runDocumentImport } from './import/document-import.js';

/**
 * A worker killed (kill -9) while it applies a documents' import (decision 0062) leaves the
 * documents exactly as they were, and no version names a binary it stored; running the job again
 * (pg-boss's retry) applies the sheet once. PostgreSQL only, as the products' kill test.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const ROWS = 600;

it.skipIf(!process.env.DATABASE_URL)(
  'kill -9 of the worker mid-import changes no document and leaves no live binary; the rerun applies it once',
  { timeout: 480_000 },
  async () => {
    const unit = await makeBusinessUnit(ctx.db, { bulkImportType: 'REPLACE', documentLanguages: ['en'] });
    const type = await makeDocumentType(ctx.db, unit.id, { name: 'IFU' });
    if (!type) throw new Error('type');
    await makeDocument(ctx.db, unit.id, type.id, { number: 'BEFORE-1' });
    const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
    const header = documentHeader([]);
    const cell = (cells: Record<string, string>) => header.map((h) => cells[h] ?? '');
    const rows = [
      header,
      ...Array.from({ length: ROWS }, (_, i) =>
        cell({
          'Document number': `D-${String(i).padStart(5, '0')}`,
          'Document name': `Document ${i}`,
          'Document type': 'IFU',
          'File name': 'English',
          Countries: 'GB',
          'Document languages': 'en',
          Lots: 'All',
          'Version label': '1.0',
          'Version date': '2026-01-10',
          File: 'files/shared.pdf',
        }),
      ),
    ];
    const pdf = new TextEncoder().encode('%PDF-1.4\n% shared\n%%EOF\n');
    const id = await uploadZip(ctx.app, await tokenFor(ctx, user.id), zipOf({ 'big.txt': sheetOf(rows), 'files/shared.pdf': pdf }), {
      entity: 'DOCUMENT',
      businessUnitId: unit.id,
    });
    const documentsOfUnit = async () =>
      (await ctx.db.select({ n: count() }).from(document).where(eq(document.businessUnitId, unit.id)))[0]?.n;
    const liveBinaries = async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(fileVersion)
          .where(and(eq(fileVersion.businessUnitId, unit.id), isNotNull(fileVersion.binaryKey)))
      )[0]?.n;

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
    let done = 0;
    for (let i = 0; i < 3000 && done < 200; i++) {
      await sleep(100);
      done = (await ctx.db.select({ done: bulkJob.rowsDone }).from(bulkJob).where(eq(bulkJob.id, id)))[0]?.done ?? 0;
      if (child.exitCode !== null) break;
    }
    expect(done, output).toBeGreaterThanOrEqual(200);
    expect(done).toBeLessThan(ROWS);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // the documents are as they were, and no version names an object the dead worker stored
    expect(await documentsOfUnit()).toBe(1);
    expect(await liveBinaries()).toBe(0);
    const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
    expect(job).toMatchObject({ status: 'PROCESSING', rowsCreated: 0, rowsTotal: ROWS });
    const attempts = await rowsOf<{ state: string }>(
      ctx.db,
      sql`SELECT state FROM pgboss.job WHERE name = 'bulk-import' AND data->>'jobId' = ${String(id)}`,
    );
    expect(attempts.map((r) => r.state)).toEqual(['active']);

    // the retry's handler applies the sheet once, REPLACE removing the document it leaves out
    await runDocumentImport(ctx.app.deps, { jobId: id });
    const [after] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
    expect(after, after?.log).toMatchObject({ status: 'SUCCESS', rowsCreated: ROWS, rowsRemoved: 1 });
    expect(await documentsOfUnit()).toBe(ROWS);
    expect(await liveBinaries()).toBe(ROWS);
  },
);

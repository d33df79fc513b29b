import * as XLSX from '@e965/xlsx';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { uploadZip, zipOf } from './bulk-upload.test-support.js';

/**
 * The template a user downloads is the sheet the import reads (decisions 0057, 0058): its `#`
 * explanation lines before the header are skipped, and a row's number stays the one a spreadsheet shows.
 */
let ctx: TestContext;
const s = {} as { unitId: number; typeId: number; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, { name: 'Catheters', slug: 'catheters' }, [
    { name: 'Label', slug: 'label', isMandatory: true },
  ]);
  const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
  Object.assign(s, { unitId: unit.id, typeId: type.id, token: await tokenFor(ctx, user.id) });
});
afterAll(() => ctx?.close());

describe('a filled-in TXT template imports as it was downloaded', () => {
  it('skips the explanation lines, imports the rows and numbers an error by its line in the sheet', async () => {
    const res = await as(
      ctx.app,
      s.token,
    )({
      method: 'GET',
      url: `/api/bulk/template?entity=PRODUCT&business-unit=${s.unitId}&product-type=${s.typeId}&file-format=TXT`,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    const comments = lines.filter((l) => l.startsWith('#'));
    expect(comments.length).toBeGreaterThan(0);
    const header = lines[comments.length];
    expect(header?.startsWith('Key code\t')).toBe(true);
    const columns = header?.split('\t').length ?? 0;
    const row = (...cells: string[]) => [...cells, ...Array(columns - cells.length).fill('')].join('\t');
    // the example row replaced by two products and one without its mandatory label
    const sheet = [...comments, header, row('CATH-1', 'First'), row('CATH-2', 'Second'), row('CATH-3', '')].join('\r\n');
    const id = await uploadZip(ctx.app, s.token, zipOf({ 'catheters.txt': sheet }), {
      businessUnitId: s.unitId,
      productTypeId: s.typeId,
      onError: 'VALID_ROWS',
    });
    await ctx.app.deps.jobs.drain();
    const job = (await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}` })).json();
    expect(job).toMatchObject({ status: 'WARNING', rowsTotal: 3, rowsCreated: 2, rowsRejected: 1 });
    const errors = (await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}/errors` })).json() as { row: number }[];
    // comments, the header, then the third product: its line in the sheet
    expect(errors.map((e) => e.row)).toEqual([comments.length + 4]);
    const keyCodes = await ctx.db
      .select({ k: product.keyCode })
      .from(product)
      .where(eq(product.productTypeId, s.typeId))
      .orderBy(asc(product.keyCode));
    expect(keyCodes.map((r) => r.k)).toEqual(['CATH-1', 'CATH-2']);
  });
});

describe('a filled-in XLS template imports as it was downloaded', () => {
  it('reads the first sheet (the "Columns" sheet is left alone), imports the rows and numbers an error by its row', async () => {
    const res = await as(
      ctx.app,
      s.token,
    )({
      method: 'GET',
      url: `/api/bulk/template?entity=PRODUCT&business-unit=${s.unitId}&product-type=${s.typeId}&file-format=XLS`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-excel');
    // a spreadsheet app opens it, replaces the example row by the user's rows and saves it as XLS again
    const book = XLSX.read(new Uint8Array(res.rawPayload), { type: 'array' });
    expect(book.SheetNames).toEqual(['Products', 'Columns']);
    const notes = XLSX.utils
      .sheet_to_json<string[]>(book.Sheets.Columns as XLSX.WorkSheet, { header: 1 })
      .flat()
      .join(' ');
    expect(notes).toMatch(/XLS \(Excel 97–2003\) sheet holds at most 65,536 rows/);
    const first = book.Sheets.Products as XLSX.WorkSheet;
    const [header] = XLSX.utils.sheet_to_json<string[]>(first, { header: 1 });
    expect(header?.[0]).toBe('Key code');
    XLSX.utils.sheet_add_aoa(
      first,
      [
        ['XCATH-001', 'First'],
        ['XCATH-002', 'Ωμέγα'],
        ['XCATH-003', ''],
      ],
      { origin: 'A2' },
    );
    const filled = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'biff8', bookSST: true }) as Buffer);
    const id = await uploadZip(ctx.app, s.token, zipOf({ 'catheters.xls': filled }), {
      businessUnitId: s.unitId,
      productTypeId: s.typeId,
      onError: 'VALID_ROWS',
    });
    await ctx.app.deps.jobs.drain();
    const job = (await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}` })).json();
    expect(job, job.log).toMatchObject({ status: 'WARNING', rowsTotal: 3, rowsCreated: 2, rowsRejected: 1, fileFormat: 'XLS' });
    const errors = (await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}/errors` })).json() as { row: number }[];
    expect(errors.map((e) => e.row)).toEqual([4]);
    const keyCodes = await ctx.db.select({ k: product.keyCode }).from(product).where(eq(product.productTypeId, s.typeId));
    expect(
      keyCodes
        .map((r) => r.k)
        .filter((k) => k.startsWith('XCATH'))
        .sort(),
    ).toEqual(['XCATH-001', 'XCATH-002']);
  });
});

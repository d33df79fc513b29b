import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { ErrorKeys } from '@vellum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attributeValue, auditLog, businessUnit, product, productGroup, productGroupProduct } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { notFound } from '../../platform/errors.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { isLive } from '../products/products.repo.js';
import * as productsService from '../products/products.service.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';
import { exportDownloadToken } from './bulk-links.js';
import { workbookOf } from './bulk-sheet.js';
import { sheetOf, type UploadOptions, uploadZip, zipOf } from './bulk-upload.test-support.js';
import { odsRecords } from './import/ods-rows.js';
import { IMPORT_BATCH } from './import/product-import.js';
import { XLS_LIMITS, xlsRecords } from './import/xls-rows.js';

/**
 * The products' import (decision 0057): the zip's TXT sheet run through the products API's rules
 * in one transaction; check only, all or nothing, valid rows, REPLACE, the rejected-rows file, bad
 * zips, and the round trip from an export.
 */
let ctx: TestContext;
type Type = Awaited<ReturnType<typeof makeProductType>>;
const s = {} as { unitId: number; type: Type; token: string; userId: number };

const HEADER = ['Key code', 'Label [label]', 'Size [size]', 'Product groups', 'Lot ranges'];

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, { name: 'Stents', slug: 'stents' }, [
    { name: 'Label', slug: 'label', isMandatory: true },
    { name: 'Size', slug: 'size' },
  ]);
  await makeProductGroup(ctx.db, type, [], { name: 'Group A' });
  const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT', 'BULK_EXPORT'], [unit.id]);
  Object.assign(s, { unitId: unit.id, type, token: await tokenFor(ctx, user.id), userId: user.id });
});
afterAll(() => ctx?.close());

async function run(zip: Uint8Array, o: Partial<UploadOptions> = {}, token = s.token) {
  const id = await uploadZip(ctx.app, token, zip, { businessUnitId: s.unitId, productTypeId: s.type.id, ...o });
  await ctx.app.deps.jobs.drain();
  const job = (await as(ctx.app, token)({ method: 'GET', url: `/api/bulk/${id}` })).json() as Record<string, unknown> & { log: string };
  const errors = (await as(ctx.app, token)({ method: 'GET', url: `/api/bulk/${id}/errors?size=500` })).json() as {
    row: number;
    column: string | null;
    message: string;
    value: string | null;
  }[];
  return { id, job, errors };
}
const sheetZip = (rows: string[][], header = HEADER) => zipOf({ 'stents.txt': sheetOf([header, ...rows]) });
const productsOf = async (typeId = s.type.id) => {
  const rows = await ctx.db.select().from(product).where(eq(product.productTypeId, typeId)).orderBy(asc(product.keyCode));
  return rows.map((r) => r.keyCode);
};
const valuesOf = async (keyCode: string, typeId = s.type.id) => {
  const [row] = await ctx.db
    .select()
    .from(product)
    .where(and(eq(product.productTypeId, typeId), eq(product.keyCode, keyCode)));
  if (!row) return undefined;
  const attributeValues = await ctx.db
    .select({ attributeDefinitionId: attributeValue.attributeDefinitionId, value: attributeValue.value })
    .from(attributeValue)
    .where(eq(attributeValue.productId, row.id));
  const productGroups = await ctx.db
    .select({ name: productGroup.name })
    .from(productGroupProduct)
    .innerJoin(productGroup, eq(productGroup.id, productGroupProduct.productGroupId))
    .where(eq(productGroupProduct.productId, row.id));
  return { attributeValues, productGroups };
};
const setImportType = (type: 'ADD' | 'REPLACE', unitId = s.unitId) =>
  ctx.db.update(businessUnit).set({ bulkImportType: type }).where(eq(businessUnit.id, unitId));

/** An XLS workbook of a valid row whose compound file's header is spoiled. */
function corruptXls(): Uint8Array {
  const bytes = workbookOf([HEADER, ['Z-1', 'x', '', '', '']], 'XLS', 'Stents');
  bytes.fill(0xff, 8, 1024);
  return bytes;
}

describe('bad zips are refused with a clear log and change nothing', () => {
  const bomb = new Uint8Array(4 * 1024 * 1024); // zeros: a ratio of about 1000:1
  it.each([
    ['a path that climbs out', { '../evil.txt': sheetOf([HEADER, ['Z-1', 'x', '', '', '']]) }, /path|relative/i],
    ['an absolute path', { '/etc/evil.txt': sheetOf([HEADER, ['Z-1', 'x', '', '', '']]) }, /path|absolute/i],
    ['two sheets', { 'a.txt': sheetOf([HEADER]), 'b.txt': sheetOf([HEADER]) }, /2 sheets/],
    ['no sheet', { 'readme.pdf': 'x' }, /no sheet/],
    ['a zip bomb', { 'big.txt': bomb }, /100:1/],
    ['an XLS sheet that is not a workbook', { 'stents.xls': 'not really' }, /not an Excel 97–2003 workbook: save it as \.xlsx/],
    ['a corrupt XLS sheet', { 'stents.xls': corruptXls() }, /The XLS sheet cannot be read/],
    ['a CSV sheet', { 'stents.csv': 'a,b' }, /CSV file: save it as \.xls, \.xlsx, \.ods or tab-separated \.txt/],
    ['an XLSX sheet that is not a workbook', { 'stents.xlsx': 'not really' }, /cannot be read as a workbook/],
    [
      'an ODS sheet with a DOCTYPE',
      { 'stents.ods': zipOf({ 'content.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>' }) },
      /DOCTYPE/,
    ],
  ])('%s', async (_name, entries, reason) => {
    const { job } = await run(zipOf(entries as Record<string, string | Uint8Array>));
    expect(job.status).toBe('FAILED');
    expect(job.log).toMatch(reason);
    expect(await productsOf()).not.toContain('Z-1');
  });

  it('a file that is not a zip', async () => {
    const { job } = await run(new TextEncoder().encode('not a zip at all'));
    expect(job).toMatchObject({ status: 'FAILED' });
    expect(job.log).toMatch(/not a readable zip/);
  });

  it('an unknown column or no key code column: errors on row 1, nothing read', async () => {
    const { job, errors } = await run(
      sheetZip([['Q-1', 'x', '', '', '']], ['Code', 'Label [label]', 'Colour [colour]', 'Product groups', 'Lot ranges']),
    );
    expect(job.status).toBe('FAILED');
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 1, column: 'Code', message: 'error.bulk.unknownColumn' }),
        expect.objectContaining({ row: 1, column: 'Colour [colour]', message: 'error.bulk.unknownColumn' }),
        expect.objectContaining({ row: 1, column: 'Key code', message: 'error.bulk.missingColumn' }),
      ]),
    );
    expect(await productsOf()).not.toContain('Q-1');
  });
});

describe('check only, all or nothing, valid rows', () => {
  // row 2 valid, row 3 misses its mandatory label, row 4 names an unknown group, row 5 repeats row 2's key code
  const mixed = () =>
    sheetZip([
      ['M-1', 'Valid', '10', 'Group A', ''],
      ['M-2', '', '11', '', ''],
      ['M-3', 'Fine', '', 'No such group', ''],
      ['m-1', 'Again', '', '', ''],
    ]);

  it('check only reports every error by row and column and writes nothing', async () => {
    const { job, errors } = await run(mixed(), { mode: 'CHECK' });
    expect(job).toMatchObject({ status: 'FAILED', rowsTotal: 4, rowsCreated: 1, rowsRejected: 3, mode: 'CHECK' });
    expect(job.log).toMatch(/would be created/);
    expect(job.log).toMatch(/nothing was written/);
    expect(errors).toEqual([
      expect.objectContaining({ row: 3, column: 'Label [label]', message: 'error.product.mandatoryAttributeMissing' }),
      expect.objectContaining({ row: 4, column: 'Product groups', message: 'error.bulk.productGroupNotFound', value: 'No such group' }),
      expect.objectContaining({ row: 5, column: 'Key code', message: 'error.bulk.duplicateKeyCode', value: 'm-1' }),
    ]);
    expect(await productsOf()).not.toContain('M-1');
  });

  it('all or nothing: one rejected row and nothing is applied; a rejected-rows file with an Error column', async () => {
    const { id, job } = await run(mixed());
    expect(job).toMatchObject({ status: 'FAILED', rowsRejected: 3, hasRejectedRows: true });
    expect(await productsOf()).not.toContain('M-1');
    const file = await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}/rejected-rows` });
    expect(file.statusCode).toBe(200);
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe([...HEADER, 'Error'].join('\t'));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^M-2\t/);
    // the import's own audit entry, with its counts
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'IMPORTED')));
    expect(entry?.changes).toMatchObject({ rejected: 3, created: 1 });
  });

  it('valid rows: WARNING, the valid rows applied (audited as by hand), the others rejected', async () => {
    const { job } = await run(mixed(), { onError: 'VALID_ROWS' });
    expect(job).toMatchObject({ status: 'WARNING', rowsCreated: 1, rowsRejected: 3, hasRejectedRows: true });
    expect(await productsOf()).toContain('M-1');
    expect(await productsOf()).not.toContain('M-3');
    const p = await valuesOf('M-1');
    expect(p?.productGroups.map((g) => g.name)).toEqual(['Group A']);
    const [created] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'product'), eq(auditLog.entityLabel, 'M-1'), eq(auditLog.action, 'CREATE')));
    expect(created).toBeDefined();
  });

  it("ADD updates by key code (case-insensitively) and strips the export's formula neutralisation", async () => {
    const { job } = await run(sheetZip([['m-1', "'=1+2", "'-5", '', '']]));
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsUpdated: 1, rowsCreated: 0 });
    // the key code is the sheet's as written
    expect(await productsOf()).toContain('m-1');
    const p = await valuesOf('m-1');
    expect(p?.attributeValues.map((v) => v.value).sort()).toEqual(['-5', '=1+2']);
    expect(p?.productGroups).toEqual([]);
  });
});

describe('rows that change nothing (decision 0088)', () => {
  it('are counted unchanged, not written and not audited; a changed cell is one update with its audit row', async () => {
    const rows = [
      ['UNCH-1', 'Same label', '7', 'Group A', ''],
      ['UNCH-2', 'Other label', '', '', ''],
    ];
    expect((await run(sheetZip(rows))).job).toMatchObject({ status: 'SUCCESS', rowsCreated: 2 });
    const created = await ctx.db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.productTypeId, s.type.id), inArray(product.keyCode, ['UNCH-1', 'UNCH-2'])));
    const stored = () =>
      ctx.db
        .select({ id: product.id, version: product.version, modified: product.lastModifiedDate })
        .from(product)
        .where(
          inArray(
            product.id,
            created.map((c) => c.id),
          ),
        )
        .orderBy(asc(product.id));
    const before = await stored();
    const updates = () =>
      ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityName, 'product'),
            eq(auditLog.action, 'UPDATE'),
            inArray(
              auditLog.entityId,
              before.map((b) => String(b.id)),
            ),
          ),
        );

    const same = await run(sheetZip(rows));
    expect(same.job, same.job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: 0, rowsUpdated: 0 });
    expect(same.job.log).toContain('2 rows: 0 created, 0 updated, 2 unchanged, 0 removed, 0 rejected.');
    expect(await stored()).toEqual(before);
    expect(await updates()).toEqual([]);

    // the key code's case, a value, a group: each is a change
    const changed = await run(
      sheetZip([
        ['unch-1', 'Same label', '7', 'Group A', ''],
        ['UNCH-2', 'Other label', '', 'Group A', ''],
      ]),
    );
    expect(changed.job, changed.job.log).toMatchObject({ status: 'SUCCESS', rowsUpdated: 2 });
    expect(await updates()).toHaveLength(2);
    expect((await stored()).map((r) => r.version)).toEqual(before.map((r) => r.version + 1));
  });
});

describe('the end-of-life column (decision 0081)', () => {
  it('present: its date is set and a blank cell clears it; absent: an update keeps the date; a bad date is rejected at its cell', async () => {
    const eolHeader = [...HEADER, 'End of life date'];
    const endOfLife = async (keyCode: string) =>
      (
        await ctx.db
          .select()
          .from(product)
          .where(and(eq(product.productTypeId, s.type.id), eq(product.keyCode, keyCode)))
      )[0]?.endOfLifeDate;
    let { job } = await run(
      sheetZip(
        [
          ['EOL-1', 'a', '', '', '', '2031-06-30'],
          ['EOL-2', 'b', '', '', '', '2032-01-15'],
        ],
        eolHeader,
      ),
    );
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: 2 });
    expect([await endOfLife('EOL-1'), await endOfLife('EOL-2')]).toEqual(['2031-06-30', '2032-01-15']);
    // without the column: both keep their dates
    ({ job } = await run(
      sheetZip([
        ['EOL-1', 'a2', '', '', ''],
        ['EOL-2', 'b2', '', '', ''],
      ]),
    ));
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsUpdated: 2 });
    expect([await endOfLife('EOL-1'), await endOfLife('EOL-2')]).toEqual(['2031-06-30', '2032-01-15']);
    // the column present: a blank cell clears, a date replaces
    ({ job } = await run(
      sheetZip(
        [
          ['EOL-1', 'a3', '', '', '', ''],
          ['EOL-2', 'b3', '', '', '', '2033-03-03'],
        ],
        eolHeader,
      ),
    ));
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsUpdated: 2 });
    expect([await endOfLife('EOL-1'), await endOfLife('EOL-2')]).toEqual([null, '2033-03-03']);
    // not a date: rejected at its cell, nothing changed
    const bad = await run(sheetZip([['EOL-2', 'b4', '', '', '', '31.12.2030']], eolHeader));
    expect(bad.job).toMatchObject({ status: 'FAILED', rowsRejected: 1 });
    expect(bad.errors).toEqual([expect.objectContaining({ row: 2, column: 'End of life date', value: '31.12.2030' })]);
    expect(await endOfLife('EOL-2')).toBe('2033-03-03');
  });
});

describe('the rows of a batch checked together and written with multi-row statements (decision 0063)', () => {
  it('refuses a unique value held by a stored product or by an earlier row of the batch, ignoring case; the others written and audited as by hand', async () => {
    const type = await makeProductType(ctx.db, s.unitId, {}, [
      { name: 'Gtin', slug: 'gtin', isUnique: true },
      { name: 'Label', slug: 'label' },
    ]);
    const gtin = type.definitions.find((d) => d.slug === 'gtin')?.id as number;
    const header = ['Key code', 'Gtin [gtin]', 'Label [label]'];
    const zip = (rows: string[][]) => zipOf({ 'u.txt': sheetOf([header, ...rows]) });
    expect((await run(zip([['U-1', 'G-1', 'one']]), { productTypeId: type.id })).job).toMatchObject({ status: 'SUCCESS', rowsCreated: 1 });
    const rows = [
      ['U-2', 'g-1', 'taken by U-1, stored'],
      ['U-3', 'G-3', 'three'],
      ['U-4', 'g-3', 'taken by U-3, in this batch'],
      ['U-5', 'G-5', 'five'],
    ];
    const { job, errors } = await run(zip(rows), { productTypeId: type.id, onError: 'VALID_ROWS' });
    expect(job, job.log).toMatchObject({ status: 'WARNING', rowsCreated: 2, rowsRejected: 2 });
    expect(errors).toEqual([
      expect.objectContaining({ row: 2, column: 'Gtin [gtin]', message: 'error.product.attributeValueNotUnique' }),
      expect.objectContaining({ row: 4, column: 'Gtin [gtin]', message: 'error.product.attributeValueNotUnique' }),
    ]);
    expect(await productsOf(type.id)).toEqual(['U-1', 'U-3', 'U-5']);
    const [created] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'product'), eq(auditLog.entityLabel, 'U-5'), eq(auditLog.action, 'CREATE')));
    expect(created?.changes).toMatchObject({ keyCode: 'U-5', productTypeId: type.id, attributeValues: { [gtin]: 'G-5' }, lotRangeIds: [] });
  });
});

describe('updates of a batch checked together and written with multi-row statements (decision 0067)', () => {
  it('updates values, groups and versions as by hand with the same audit rows; a unique value given up later in the batch, a taken one and lot ranges as one by one', async () => {
    const type = await makeProductType(ctx.db, s.unitId, {}, [
      { name: 'Gtin', slug: 'gtin', isUnique: true },
      { name: 'Label', slug: 'label' },
    ]);
    const [gtin, label] = type.definitions.map((d) => d.id) as [number, number];
    const a = await makeProduct(ctx.db, type, { keyCode: 'UP-A' }, { [gtin]: 'GA', [label]: 'a' });
    const b = await makeProduct(ctx.db, type, { keyCode: 'UP-B' }, { [gtin]: 'GB', [label]: 'b' });
    const c = await makeProduct(ctx.db, type, { keyCode: 'UP-C' }, { [gtin]: 'GC', [label]: 'c' });
    const e = await makeProduct(ctx.db, type, { keyCode: 'UP-E' }, { [gtin]: 'GE', [label]: 'e' });
    const group = await makeProductGroup(ctx.db, type, [b.id], { name: 'Up group' });
    await makeLotRange(ctx.db, type, [c.id], { name: 'Up lots', numbers: ['UL1'] });
    // the sheet has no end-of-life column: both ways of updating keep the date retention counts from
    await ctx.db
      .update(product)
      .set({ endOfLifeDate: '2030-06-30' })
      .where(inArray(product.id, [a.id, c.id]));
    const header = ['Key code', 'Gtin [gtin]', 'Label [label]', 'Product groups', 'Lot ranges'];
    const rows = [
      ['UP-A', 'GB', 'a2', 'Up group', ''], // GB is B's until B's row gives it up
      ['UP-B', 'GX', 'b2', '', ''],
      ['UP-C', 'GC', 'c2', '', 'Up lots'], // has a lot range: one by one
      ['UP-E', 'GC', 'e2', '', ''], // GC stays C's: refused
    ];
    const { job, errors } = await run(zipOf({ 'up.txt': sheetOf([header, ...rows]) }), { productTypeId: type.id, onError: 'VALID_ROWS' });
    expect(job, job.log).toMatchObject({ status: 'WARNING', rowsUpdated: 3, rowsRejected: 1, rowsCreated: 0 });
    expect(errors).toEqual([expect.objectContaining({ row: 5, column: 'Gtin [gtin]', message: 'error.product.attributeValueNotUnique' })]);
    const saved = async (keyCode: string) => {
      const p = await valuesOf(keyCode, type.id);
      return {
        values: Object.fromEntries((p?.attributeValues ?? []).map((v) => [v.attributeDefinitionId, v.value])),
        groups: p?.productGroups.map((g) => g.name),
      };
    };
    expect(await saved('UP-A')).toEqual({ values: { [gtin]: 'GB', [label]: 'a2' }, groups: ['Up group'] });
    expect(await saved('UP-B')).toEqual({ values: { [gtin]: 'GX', [label]: 'b2' }, groups: [] });
    expect(await saved('UP-C')).toEqual({ values: { [gtin]: 'GC', [label]: 'c2' }, groups: [] });
    expect(await saved('UP-E')).toEqual({ values: { [gtin]: 'GE', [label]: 'e' }, groups: [] });
    const versions = await ctx.db
      .select({ keyCode: product.keyCode, version: product.version })
      .from(product)
      .where(eq(product.productTypeId, type.id));
    expect(Object.fromEntries(versions.map((v) => [v.keyCode, v.version]))).toEqual({
      'UP-A': a.version + 1,
      'UP-B': b.version + 1,
      'UP-C': c.version + 1,
      'UP-E': e.version,
    });
    const updates = await ctx.db
      .select({ label: auditLog.entityLabel, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'product'), eq(auditLog.action, 'UPDATE')));
    const changesOf = (keyCode: string) => updates.filter((u) => u.label === keyCode).map((u) => u.changes);
    expect(changesOf('UP-B')).toEqual([
      {
        attributeValues: { from: { [gtin]: 'GB', [label]: 'b' }, to: { [gtin]: 'GX', [label]: 'b2' } },
        productGroupIds: { from: [group.id], to: [] },
      },
    ]);
    expect(changesOf('UP-A')).toEqual([
      {
        attributeValues: { from: { [gtin]: 'GA', [label]: 'a' }, to: { [gtin]: 'GB', [label]: 'a2' } },
        productGroupIds: { from: [], to: [group.id] },
      },
    ]);
    expect(changesOf('UP-C')).toEqual([{ attributeValues: { from: { [gtin]: 'GC', [label]: 'c' }, to: { [gtin]: 'GC', [label]: 'c2' } } }]);
    expect(changesOf('UP-E')).toEqual([]);
    const endOfLife = await ctx.db
      .select({ keyCode: product.keyCode, endOfLifeDate: product.endOfLifeDate })
      .from(product)
      .where(eq(product.productTypeId, type.id));
    expect(Object.fromEntries(endOfLife.map((p) => [p.keyCode, p.endOfLifeDate]))).toEqual({
      'UP-A': '2030-06-30',
      'UP-B': null,
      'UP-C': '2030-06-30',
      'UP-E': null,
    });
  });
});

describe('REPLACE and the round trip', () => {
  it('checks and applies a sheet of several batches (progress and cancel looked at between them)', async () => {
    const type = await makeProductType(ctx.db, s.unitId, {}, [{ name: 'Label', slug: 'label' }]);
    const rows = Array.from({ length: IMPORT_BATCH * 2 + 50 }, (_, i) => [`BATCH-${i}`, `Label ${i}`]);
    const { job } = await run(zipOf({ 'b.txt': sheetOf([['Key code', 'Label [label]'], ...rows]) }), { productTypeId: type.id });
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsTotal: rows.length, rowsDone: rows.length, rowsCreated: rows.length });
    expect(await productsOf(type.id)).toHaveLength(rows.length);
  });

  it('REPLACE removes the products of the type the sheet leaves out', async () => {
    const type = await makeProductType(ctx.db, s.unitId, {}, [{ name: 'Label', slug: 'label' }]);
    await makeProduct(ctx.db, type, { keyCode: 'R-keep' });
    await makeProduct(ctx.db, type, { keyCode: 'R-gone' });
    await setImportType('REPLACE');
    try {
      const { job } = await run(
        zipOf({
          'r.txt': sheetOf([
            ['Key code', 'Label [label]'],
            ['R-keep', 'kept'],
            ['R-new', 'new'],
          ]),
        }),
        {
          productTypeId: type.id,
        },
      );
      expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: 1, rowsUpdated: 1, rowsRemoved: 1 });
      expect(await productsOf(type.id)).toEqual(['R-keep', 'R-new']);
      // check only with REPLACE counts what would go, and removes nothing
      const check = await run(zipOf({ 'r.txt': sheetOf([['Key code'], ['R-new']]) }), { productTypeId: type.id, mode: 'CHECK' });
      expect(check.job).toMatchObject({ status: 'SUCCESS', rowsRemoved: 1 });
      expect(await productsOf(type.id)).toEqual(['R-keep', 'R-new']);
    } finally {
      await setImportType('ADD');
    }
  });

  it('REPLACE removes in batches (decision 0088): a DELETE audit row per product, a published one live until the next publish', async () => {
    // a unit of its own: it is published
    const unit = await makeBusinessUnit(ctx.db, { bulkImportType: 'REPLACE' });
    const token = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id])).id);
    const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
    const published = await makeProduct(ctx.db, type, { keyCode: 'RB-published', publishDate: new Date(Date.now() - 86_400_000) });
    await publishAsIs(ctx.db, unit.id);
    const lots = await makeLotRange(ctx.db, type, [published.id]);
    // more left out than one batch of the delete holds
    const many = await ctx.db
      .insert(product)
      .values(
        Array.from({ length: IMPORT_BATCH + 5 }, (_, i) => ({
          businessUnitId: unit.id,
          productTypeId: type.id,
          keyCode: `RB-${String(i).padStart(5, '0')}`,
        })),
      )
      .returning({ id: product.id });
    const { job } = await run(
      zipOf({
        'r.txt': sheetOf([
          ['Key code', 'Label [label]'],
          ['RB-00000', 'kept'],
        ]),
      }),
      { businessUnitId: unit.id, productTypeId: type.id },
      token,
    );
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsUpdated: 1, rowsRemoved: IMPORT_BATCH + 5 });
    expect(await productsOf(type.id)).toEqual(['RB-00000']);
    const removedIds = [published.id, ...many.slice(1).map((r) => r.id)];
    const audits = await ctx.db
      .select({ entityId: auditLog.entityId, action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'product'), inArray(auditLog.entityId, removedIds.map(String))));
    expect(audits).toHaveLength(removedIds.length);
    expect(new Set(audits.map((a) => a.entityId))).toEqual(new Set(removedIds.map(String)));
    expect(audits.every((a) => a.action === 'DELETE')).toBe(true);
    expect(audits.find((a) => a.entityId === String(published.id))?.changes).toMatchObject({
      keyCode: 'RB-published',
      lotRangeIds: [lots.id],
      deletedLotRangeIds: [lots.id],
    });
    // the publishing rules: the live publication keeps the product until the next publish
    expect(await isLive(ctx.db, published.id, unit.id)).toBe(true);
    await publishAsIs(ctx.db, unit.id);
    expect(await isLive(ctx.db, published.id, unit.id)).toBe(false);
  });

  it('REPLACE reports a refused removal at its product and removes the others', async () => {
    const type = await makeProductType(ctx.db, s.unitId, {}, [{ name: 'Label', slug: 'label' }]);
    const kept = await makeProduct(ctx.db, type, { keyCode: 'RR-keep' });
    const refused = await makeProduct(ctx.db, type, { keyCode: 'RR-refused' });
    const gone = await makeProduct(ctx.db, type, { keyCode: 'RR-gone' });
    // the batch delete refuses one id (as it would a product deleted meanwhile), deletes the others
    const real = productsService.deleteProductsOfType;
    const spy = vi.spyOn(productsService, 'deleteProductsOfType').mockImplementation(async (tx, actor, typeId, ids) => {
      const others = ids.filter((id) => id !== refused.id);
      const done = await real(tx, actor, typeId, others);
      return ids.map((id) => (id === refused.id ? notFound('product') : done[others.indexOf(id)]));
    });
    await setImportType('REPLACE');
    try {
      const { job, errors } = await run(
        zipOf({
          'r.txt': sheetOf([
            ['Key code', 'Label [label]'],
            ['RR-keep', 'kept'],
          ]),
        }),
        {
          productTypeId: type.id,
        },
      );
      expect(spy).toHaveBeenCalled();
      expect(job, job.log).toMatchObject({ status: 'WARNING', rowsUpdated: 1, rowsRemoved: 1, rowsRejected: 0 });
      expect(errors).toEqual([
        expect.objectContaining({ row: 0, column: null, message: ErrorKeys.notFound, params: { productId: refused.id } }),
      ]);
      expect(await productsOf(type.id)).toEqual(['RR-keep', 'RR-refused']);
      expect(kept.id).not.toBe(gone.id);
    } finally {
      spy.mockRestore();
      await setImportType('ADD');
    }
  });

  it.each(['TXT', 'ODS', 'XLS'])(
    'an export (%s) imported with REPLACE into an empty product type of another unit recreates the same products',
    async (format) => {
      const AWKWARD = [
        // tabs and line breaks travel in the sheet (txt-rows.test), but attribute values are one line of plain text (decision 0012)
        ['000123', 'say "hello", "world"', 'Ωμέγα 日本語 Привет'],
        ['C-rtl', 'שלום עולם مرحبا', ''],
        ['-D-minus', '=HYPERLINK("http://evil.example","x")', '+1 555'],
        ['E-at', '@SUM(A1)', '-2'],
      ];
      const defs = [
        { name: 'Label', slug: 'label' },
        { name: 'Notes', slug: 'notes' },
      ];
      // a unit of its own per format (key codes are unique in a unit)
      const sourceUnit = await makeBusinessUnit(ctx.db);
      const exporter = await makeUserWithRights(ctx.db, ['BULK_EXPORT'], [sourceUnit.id]);
      const exporterToken = await tokenFor(ctx, exporter.id);
      const source = await makeProductType(ctx.db, sourceUnit.id, {}, defs);
      const made: number[] = [];
      for (const [keyCode, label, notes] of AWKWARD) {
        const values: Record<number, string> = { [source.definitions[0]?.id as number]: label as string };
        if (notes) values[source.definitions[1]?.id as number] = notes;
        made.push((await makeProduct(ctx.db, source, { keyCode, endOfLifeDate: keyCode === '000123' ? '2030-12-31' : null }, values)).id);
      }
      // the first product in two groups: its cell holds both names, one per line
      const GROUPS = ['Group X', 'Gruppe "Ω" קבוצה'];
      for (const name of GROUPS) await makeProductGroup(ctx.db, source, made.slice(0, 1), { name });
      await makeLotRange(ctx.db, source, [], { name: 'Lots X', numbers: ['L1'] });
      // export
      const res = await as(
        ctx.app,
        exporterToken,
      )({
        method: 'GET',
        url: `/api/bulk/export?entity=PRODUCT&business-unit=${sourceUnit.id}&product-type=${source.id}&file-format=${format}`,
      });
      expect(res.statusCode, res.body).toBe(202);
      const { id: exportId } = res.json() as { id: number };
      await ctx.app.deps.jobs.drain();
      const link = await exportDownloadToken(ctx.app.deps, { id: exportId, userId: exporter.id }, new Date(Date.now() + 60_000));
      const zip = await as(
        ctx.app,
        exporterToken,
      )({ method: 'GET', url: `/api/bulk/exports/${exportId}/download?token=${encodeURIComponent(link)}` });
      expect(zip.statusCode).toBe(200);
      const exported = new Uint8Array(zip.rawPayload);
      expect(Object.keys(unzipSync(exported))).toEqual([expect.stringMatching(new RegExp(`\\.${format.toLowerCase()}$`))]);
      // import into an empty type with the same attribute slugs in another unit
      const unit = await makeBusinessUnit(ctx.db, { bulkImportType: 'REPLACE' });
      const target = await makeProductType(ctx.db, unit.id, {}, defs);
      for (const name of GROUPS) await makeProductGroup(ctx.db, target, [], { name });
      const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
      const token = await tokenFor(ctx, user.id);
      const id = await uploadZip(ctx.app, token, exported, { businessUnitId: unit.id, productTypeId: target.id });
      await ctx.app.deps.jobs.drain();
      const job = (await as(ctx.app, token)({ method: 'GET', url: `/api/bulk/${id}` })).json() as { status: string; log: string };
      expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: AWKWARD.length, fileFormat: format });
      expect(await productsOf(target.id)).toEqual(await productsOf(source.id));
      for (const [keyCode, label, notes] of AWKWARD) {
        const p = await valuesOf(keyCode as string, target.id);
        const byDef = Object.fromEntries((p?.attributeValues ?? []).map((v) => [v.attributeDefinitionId, v.value]));
        expect(byDef[target.definitions[0]?.id as number]).toBe(label);
        expect(byDef[target.definitions[1]?.id as number]).toBe(notes || undefined);
        expect(p?.productGroups.map((g) => g.name).sort()).toEqual(keyCode === AWKWARD[0]?.[0] ? [...GROUPS].sort() : []);
      }
      const dates = await ctx.db
        .select({ keyCode: product.keyCode, endOfLifeDate: product.endOfLifeDate })
        .from(product)
        .where(eq(product.productTypeId, target.id));
      expect(Object.fromEntries(dates.map((d) => [d.keyCode, d.endOfLifeDate]))).toEqual(
        Object.fromEntries(AWKWARD.map(([k]) => [k, k === '000123' ? '2030-12-31' : null])),
      );
    },
  );
});

describe('XLSX and ODS sheets (read by our own streaming reader)', () => {
  const xlsxOf = (rows: string[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Stents');
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  };

  it('imports an XLSX sheet written by a spreadsheet library: quotes, non-Latin and RTL text, leading zeros of text cells', async () => {
    const rows = [
      ['X-000123', 'say "hello", "world"', '0042'],
      ['X-rtl', 'שלום עולם مرحبا', 'Ωμέγα 日本語 Привет'],
      ['007', "'=1+2", ''],
    ];
    const { job } = await run(zipOf({ 'stents.xlsx': xlsxOf([HEADER.slice(0, 3), ...rows]) }));
    expect(job, job.log).toMatchObject({ status: 'SUCCESS', rowsCreated: 3, fileFormat: null });
    expect(job.log).toMatch(/XLSX sheet "stents.xlsx" is read for its values/);
    for (const [keyCode, label, size] of rows) {
      const p = await valuesOf(keyCode as string);
      const values = (p?.attributeValues ?? []).map((v) => v.value).sort();
      expect(values).toEqual([label === "'=1+2" ? '=1+2' : (label as string), size].filter(Boolean).sort());
    }
  });

  it("an XLSX sheet's rejected rows come back as TXT, an ODS sheet's as ODS, errors on the spreadsheet's row numbers", async () => {
    const rows = [HEADER.slice(0, 2), ['S-1', 'fine'], ['', ''], ['S-2', '']];
    const xlsx = await run(zipOf({ 'bad.xlsx': xlsxOf(rows) }));
    expect(xlsx.job).toMatchObject({ status: 'FAILED', rowsRejected: 1, hasRejectedRows: true });
    expect(xlsx.errors).toEqual([
      expect.objectContaining({ row: 4, column: 'Label [label]', message: 'error.product.mandatoryAttributeMissing' }),
    ]);
    const txt = await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${xlsx.id}/rejected-rows` });
    expect(txt.headers['content-type']).toMatch(/text\/tab-separated-values/);
    expect(txt.body.split('\r\n')[1]).toMatch(/^S-2\t/);

    const ods = await run(zipOf({ 'bad.ods': workbookOf(rows, 'ODS', 'Stents') }));
    expect(ods.job).toMatchObject({ status: 'FAILED', rowsRejected: 1, fileFormat: 'ODS' });
    expect(ods.errors).toEqual([expect.objectContaining({ row: 4 })]);
    const file = await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${ods.id}/rejected-rows` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(file.headers['content-disposition']).toMatch(/rejected-rows\.ods/);
    const back: string[][] = [];
    for await (const r of odsRecords(Readable.from([file.rawPayload]))) back.push(r);
    expect(back).toEqual([
      [...HEADER.slice(0, 2), 'Error'],
      ['S-2', '', 'Label [label]: error.product.mandatoryAttributeMissing'],
    ]);
    expect(await productsOf()).not.toContain('S-1');
  });
});

describe('XLS sheets (read by SheetJS 0.20.3 for their values, decision 0061)', () => {
  it("imports an XLS sheet: text cells as written, a formula's cached value (never evaluated); its rejected rows come back as XLS", async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      HEADER.slice(0, 3),
      ['XLS-0042', 'say "hello"', '0042'],
      ['XLS-rtl', 'שלום עולם مرحبا', ''],
      ['XLS-formula', 'computed', ''],
      ['XLS-bad', '', ''],
    ]);
    // C4 holds =1+2 with 99 cached: the import takes 99, evaluating would give 3
    sheet.C4 = { t: 'n', v: 99, bf: [7, 0, 0x1e, 1, 0, 0x1e, 2, 0, 0x03] } as unknown as XLSX.CellObject;
    XLSX.utils.book_append_sheet(book, sheet, 'Stents');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'biff8', bookSST: true }) as Buffer);
    const { id, job, errors } = await run(zipOf({ 'stents.xls': bytes }), { onError: 'VALID_ROWS' });
    expect(job, job.log).toMatchObject({ status: 'WARNING', rowsCreated: 3, rowsRejected: 1, fileFormat: 'XLS' });
    expect(job.log).toMatch(/XLS sheet "stents.xls" is read for its values/);
    expect(errors).toEqual([
      expect.objectContaining({ row: 5, column: 'Label [label]', message: 'error.product.mandatoryAttributeMissing' }),
    ]);
    const valuesSorted = async (keyCode: string) => ((await valuesOf(keyCode))?.attributeValues ?? []).map((v) => v.value).sort();
    expect(await valuesSorted('XLS-0042')).toEqual(['0042', 'say "hello"']);
    expect(await valuesSorted('XLS-rtl')).toEqual(['שלום עולם مرحبا']);
    expect(await valuesSorted('XLS-formula')).toEqual(['99', 'computed']);
    const file = await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}/rejected-rows` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(file.headers['content-disposition']).toMatch(/stents-rejected-rows\.xls|rejected-rows\.xls/);
    const back: string[][] = [];
    for await (const r of xlsRecords(Readable.from([file.rawPayload]))) back.push(r);
    expect(back).toEqual([
      [...HEADER.slice(0, 3), 'Error'],
      ['XLS-bad', '', '', 'Label [label]: error.product.mandatoryAttributeMissing'],
    ]);
  });

  it('an XLS sheet above the limit is refused with a clear log, nothing applied', async () => {
    const bytes = workbookOf([HEADER.slice(0, 2), ...Array.from({ length: 300 }, (_, i) => [`BIG-${i}`, 'x'])], 'XLS', 'Stents');
    const limit = XLS_LIMITS.maxBytes;
    XLS_LIMITS.maxBytes = 8 * 1024;
    try {
      expect(bytes.length).toBeGreaterThan(XLS_LIMITS.maxBytes);
      const { job } = await run(zipOf({ 'big.xls': bytes }));
      expect(job.status).toBe('FAILED');
      expect(job.log).toMatch(/The XLS sheet is larger than .* MB, the most an XLS sheet is read to: save it as \.xlsx/);
    } finally {
      XLS_LIMITS.maxBytes = limit;
    }
    expect((await productsOf()).filter((k) => k.startsWith('BIG-'))).toEqual([]);
  });
});

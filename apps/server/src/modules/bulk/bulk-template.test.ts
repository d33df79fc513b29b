import type { AccessRight } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { parseTxt, readWorkbook } from './bulk-sheet.test-support.js';

/**
 * GET api/bulk/template (decision 0058): the sheet of an import with the export's columns, an
 * explanation of each (TXT comment lines, or the sheet "Columns") and one example row.
 */
let ctx: TestContext;
const s = {} as { unitId: number; otherId: number; typeId: number; otherTypeId: number; importer: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { slug: 'med-unit', documentLanguages: ['de', 'en'] });
  const other = await makeBusinessUnit(db);
  const type = await makeProductType(db, unit.id, { name: 'Catheters', slug: 'catheters' }, [
    { name: 'Label', slug: 'label', isMandatory: true },
    { name: '-Size', slug: 'size', isUnique: true },
    { name: 'Lots', slug: 'lots', type: 'MULTI_ARRAY' },
  ]);
  const otherType = await makeProductType(db, other.id);
  const p = await makeProduct(db, type, { keyCode: '000123' });
  // a group name a spreadsheet would read as a formula
  await makeProductGroup(db, type, [p.id], { name: '=Group' });
  await makeLotRange(db, type, [p.id], { name: 'Lots 2026', numbers: ['L1'] });
  await makeDocumentType(db, unit.id, { name: 'IFU', sortNumber: 1 });
  await makeDocumentType(db, unit.id, { name: 'Retired', sortNumber: 2, active: false });
  await makeDocumentAttribute(db, unit.id, { name: 'Reference', slug: 'ref', mandatory: true, unique: true });
  const importer = await makeUserWithRights(db, ['BULK_IMPORT'], [unit.id]);
  Object.assign(s, {
    unitId: unit.id,
    otherId: other.id,
    typeId: type.id,
    otherTypeId: otherType.id,
    importer: await tokenFor(ctx, importer.id),
  });
});
afterAll(() => ctx?.close());

const tokenWith = async (rights: AccessRight[], units: number[]) => tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });
const url = (q: Record<string, string | number>) =>
  `/api/bulk/template?${new URLSearchParams(Object.entries({ 'business-unit': s.unitId, ...q }).map(([k, v]) => [k, String(v)]))}`;
const productUrl = (q: Record<string, string | number> = {}) => url({ entity: 'PRODUCT', 'product-type': s.typeId, ...q });
const documentUrl = (q: Record<string, string | number> = {}) => url({ entity: 'DOCUMENT', ...q });

const productHeader = ['Key code', 'Label [label]', "'-Size [size]", 'Lots [lots]', 'Product groups', 'Lot ranges', 'End of life date'];
const documentHeader = [
  'Document number',
  'Document name',
  'Document type',
  'Reference [ref]',
  'Products',
  'Product groups',
  'File name',
  'Countries',
  'Document languages',
  'Lots',
  'Version label',
  'Version date',
  'Valid to',
  'Publish date',
  'Archive date',
  'Remarks',
  'Remarks active',
  'Historical',
  'File',
];

/** The TXT template: its comment lines, then its header and example row. */
async function txtOf(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(res.rawPayload);
  const lines = text.split('\r\n');
  const comments = lines.filter((l) => l.startsWith('#'));
  // every comment comes before the header
  expect(lines.slice(0, comments.length)).toEqual(comments);
  const rows = parseTxt(text.slice(comments.reduce((n, c) => n + c.length + 2, 0)));
  return { comments: comments.join('\n'), rows };
}

describe('GET api/bulk/template', () => {
  it('answers 401 without a token, 403 without BULK_IMPORT in the unit', async () => {
    expect((await get(undefined, productUrl())).statusCode).toBe(401);
    expect((await get(await tokenWith(['BULK_EXPORT', 'PRODUCT_MANAGE'], [s.unitId]), productUrl())).statusCode).toBe(403);
    expect((await get(await tokenWith(['BULK_IMPORT'], [s.otherId]), documentUrl())).statusCode).toBe(403);
  });

  it('answers 400 for a product template without its product type or with another unit’s, and for bad values', async () => {
    const missing = await get(s.importer, url({ entity: 'PRODUCT' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'error.bulk.productTypeRequired',
      fieldErrors: [{ field: 'product-type', message: 'error.bulk.productTypeRequired' }],
    });
    for (const typeId of [s.otherTypeId, 999_999]) {
      const res = await get(s.importer, productUrl({ 'product-type': typeId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: [{ field: 'product-type', message: 'error.bulk.productTypeBusinessUnitMismatch' }] });
    }
    for (const q of <Record<string, string>[]>[
      { entity: 'USER' },
      { 'file-format': 'CSV' },
      { 'product-type': 'x' },
      { 'business-unit': 'x' },
    ]) {
      const res = await get(s.importer, productUrl(q));
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('gives the products’ TXT template: explained columns, the export’s header and one example row, formulas neutralised', async () => {
    const res = await get(s.importer, productUrl());
    expect(res.headers['content-disposition']).toBe('attachment; filename=template-products-catheters.txt');
    const { comments, rows } = await txtOf(res);
    expect(rows).toEqual([productHeader, ['EXAMPLE-0001', 'Example Label', 'Example -Size', '', "'=Group", 'Lots 2026', '']]);
    for (const column of [
      'Key code',
      'Label [label] (mandatory: Yes)',
      '-Size [size] (mandatory: No)',
      'Lots [lots]',
      'Product groups',
      'Lot ranges',
      'End of life date',
    ]) {
      expect(comments).toContain(`# ${column}`);
    }
    expect(comments).toContain('Unique');
    expect(comments).toContain('Lot numbers attribute');
    expect(comments).toContain('2 GB');
    expect(comments).toContain("This product type's groups: =Group.");
  });

  it('gives the documents’ TXT template without a product type', async () => {
    const res = await get(s.importer, documentUrl());
    expect(res.headers['content-disposition']).toBe('attachment; filename=template-documents-med-unit.txt');
    const { comments, rows } = await txtOf(res);
    expect(rows[0]).toEqual(documentHeader);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(documentHeader.length);
    expect(rows[1]?.slice(0, 6)).toEqual(['DOC-0001', 'Instructions for use', 'IFU', 'Example Reference', '000123', "'=Group [catheters]"]);
    expect(rows[1]?.slice(6, 11)).toEqual(['Instructions for use (English)', 'BE\nNL', 'de', 'All', '1.0']);
    expect(rows[1]?.at(-1)).toBe('files/DOC-0001/ifu-en.pdf');
    for (const column of documentHeader) expect(comments).toContain(`# ${column} (mandatory:`);
    expect(comments).toContain('Active types: IFU.');
    expect(comments).not.toContain('Retired');
    expect(comments).toContain('150 MB');
    expect(comments).toContain('Rest of the world');
    expect(comments).toMatch(/ BE .* NL /);
    expect(comments).toContain('document languages, one per line (at least one): de, en.');
  });

  it.each(['XLS', 'ODS'] as const)(
    'gives both templates as %s: the rows on the first sheet, the explanation on "Columns"',
    async (format) => {
      for (const [q, sheetName, header, fileName] of [
        [productUrl({ 'file-format': format }), 'Products', productHeader, 'template-products-catheters'],
        [documentUrl({ 'file-format': format }), 'Documents', documentHeader, 'template-documents-med-unit'],
      ] as const) {
        const res = await get(s.importer, q);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe(
          format === 'XLS' ? 'application/vnd.ms-excel' : 'application/vnd.oasis.opendocument.spreadsheet',
        );
        expect(res.headers['content-disposition']).toBe(`attachment; filename=${fileName}.${format.toLowerCase()}`);
        const { names, sheets } = readWorkbook(new Uint8Array(res.rawPayload));
        expect(names).toEqual([sheetName, 'Columns']);
        const rows = sheets[sheetName] ?? [];
        expect(rows[0]).toEqual(header);
        expect(rows).toHaveLength(2);
        const help = sheets.Columns ?? [];
        expect(help[0]).toEqual(['Column', 'Mandatory', 'Explanation']);
        // one explained row per column, in the header's order (the header's cells neutralised alike)
        expect(help.slice(1, header.length + 1).map((r) => r[0])).toEqual([...header]);
      }
    },
  );
});

import { createHash, randomBytes } from 'node:crypto';
import type { AccessRight } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkJob, file, fileVersion } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile, type VersionBinary } from '../../factories/file-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';
import { parseTxt, readWorkbook } from './bulk-sheet.test-support.js';

/**
 * GET api/bulk/export?entity=DOCUMENT (decision 0058): the unit's documents, one row per current
 * file, and each file's current binary in the zip at the path its row names, byte for byte.
 */
let ctx: TestContext;
const s = {} as {
  unitId: number;
  otherId: number;
  typeId: number;
  exporter: string;
  binaries: { de: Uint8Array; en: Uint8Array };
};

const header = [
  'Document number',
  'Document name',
  'Document type',
  'Reference [ref]',
  "'-Notes [notes]",
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

async function storedBinary(bytes: Uint8Array, name: string): Promise<VersionBinary> {
  const key = await ctx.app.deps.files.put('files', Buffer.from(bytes), 'pdf');
  return { key, name, size: bytes.length, mediaType: 'application/pdf', sha256: createHash('sha256').update(bytes).digest('hex') };
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://admin.example.com' });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { slug: 'med-unit', documentLanguages: ['de', 'en', 'fr'] });
  const other = await makeBusinessUnit(db);
  const type = await makeProductType(db, unit.id, { name: 'Catheters', slug: 'catheters' });
  const p1 = await makeProduct(db, type, { keyCode: '000123' });
  const p2 = await makeProduct(db, type, { keyCode: 'KC-2' });
  const group = await makeProductGroup(db, type, [p1.id], { name: 'Group A' });
  const lots = await makeLotRange(db, type, [p1.id], { name: 'Lots 2026', numbers: ['L1'] });
  const docType = await makeDocumentType(db, unit.id, { name: 'IFU' });
  const otherType = await makeDocumentType(db, other.id, { name: 'IFU' });
  if (!docType || !otherType) throw new Error('types');
  const ref = await makeDocumentAttribute(db, unit.id, { name: 'Reference', slug: 'ref', visualizationOrder: 1 });
  const notes = await makeDocumentAttribute(db, unit.id, { name: '-Notes', slug: 'notes', visualizationOrder: 2 });
  if (!ref || !notes) throw new Error('attributes');

  const doc1 = await makeDocument(
    db,
    unit.id,
    docType.id,
    { number: 'DOC-1', name: 'Instructions "for use"\tof catheters' },
    {
      values: { [ref.id]: '=HYPERLINK("http://evil.example")', [notes.id]: 'שלום עולם' },
      productIds: [p1.id, p2.id],
      productGroupIds: [group.id],
    },
  );
  await makeDocument(db, unit.id, docType.id, { number: 'DOC-2', name: '+Second' });
  const otherDoc = await makeDocument(db, other.id, otherType.id, { number: 'OTHER' });
  s.binaries = { de: new Uint8Array(randomBytes(300_000)), en: new Uint8Array(randomBytes(70_000)) };
  const de = await makeFile(db, doc1, {
    name: 'Deutsch',
    restOfTheWorld: true,
    languageIds: ['de'],
    lotRangeIds: [lots.id],
    label: '2.0',
    versionDate: '2026-02-01',
    binary: await storedBinary(s.binaries.de, 'ifu.pdf'),
  });
  await db.update(file).set({ remarks: 'line 1\nline 2', remarksActive: true }).where(eq(file.id, de.id));
  const en = await makeFile(db, doc1, {
    name: 'English',
    countryIds: ['BE', 'NL'],
    languageIds: ['en', 'fr'],
    label: '1.1',
    versionDate: '2026-01-15',
    publishDate: new Date('2026-01-20T08:00:00Z'),
    binary: await storedBinary(s.binaries.en, 'ifu.pdf'),
  });
  await db.update(fileVersion).set({ validTo: '2027-01-15' }).where(eq(fileVersion.id, en.versionId));
  await makeFile(db, doc1, { name: 'No binary yet', countryIds: ['DE'], languageIds: ['de'] });
  // an archived file is not current: neither in the sheet nor in the zip
  const old = await makeFile(db, doc1, { name: 'Archived', binary: await storedBinary(new Uint8Array([1, 2, 3]), 'old.pdf') });
  await db
    .update(file)
    .set({ archiveDate: new Date(Date.now() - 60_000) })
    .where(eq(file.id, old.id));
  await makeFile(db, otherDoc, { name: 'Other unit', binary: await storedBinary(new Uint8Array([4, 5]), 'other.pdf') });

  const exporter = await makeUserWithRights(db, ['BULK_EXPORT'], [unit.id], { email: 'docs@example.com' });
  Object.assign(s, { unitId: unit.id, otherId: other.id, typeId: type.id, exporter: await tokenFor(ctx, exporter.id) });
});
afterAll(() => ctx?.close());

const tokenWith = async (rights: AccessRight[], units: number[]) => tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });
const exportUrl = (q: Record<string, string | number> = {}) =>
  `/api/bulk/export?${new URLSearchParams(Object.entries({ entity: 'DOCUMENT', 'business-unit': s.unitId, ...q }).map(([k, v]) => [k, String(v)]))}`;

/** Requests the documents' export, runs the queue and follows the mail's link: the zip's entries. */
async function exportZip(format?: 'TXT' | 'XLS' | 'ODS'): Promise<{ files: Record<string, Uint8Array>; fileName: string }> {
  const before = ctx.mails().length;
  const res = await get(s.exporter, exportUrl(format ? { 'file-format': format } : {}));
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  await ctx.app.deps.jobs.drain();
  const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
  expect(job, job?.log).toMatchObject({ status: 'SUCCESS', entity: 'DOCUMENT', productTypeId: null, rowsTotal: 2 });
  const mail = mailText(ctx.mails().slice(before).join(''));
  expect(mail).toContain('To: docs@example.com');
  expect(mail).toContain('the documents of med-unit');
  const link = /https:\/\/admin\.example\.com\/bulk-exports\/(\d+)\?token=([A-Za-z0-9._~%-]+)/.exec(mail);
  const download = await get(s.exporter, `/api/bulk/exports/${id}/download?token=${link?.[2]}`);
  expect(download.statusCode, download.body).toBe(200);
  return {
    files: unzipSync(new Uint8Array(download.rawPayload)),
    fileName: /filename="?([^";]+)"?/.exec(String(download.headers['content-disposition']))?.[1] ?? '',
  };
}

const documentCells = [
  'DOC-1',
  'Instructions "for use"\tof catheters',
  'IFU',
  `'=HYPERLINK("http://evil.example")`,
  'שלום עולם',
  '000123\nKC-2',
  'Group A [catheters]',
];
const expected = [
  header,
  [
    ...documentCells,
    'Deutsch',
    'Rest of the world',
    'de',
    'Lots 2026',
    '2.0',
    '2026-02-01',
    '',
    '',
    '',
    'line 1\nline 2',
    'Yes',
    'No',
    'files/DOC-1/ifu.pdf',
  ],
  [
    ...documentCells,
    'English',
    'BE\nNL',
    'en\nfr',
    'All',
    '1.1',
    '2026-01-15',
    '2027-01-15',
    '2026-01-20T08:00:00.000Z',
    '',
    '',
    'No',
    'No',
    'files/DOC-1/ifu (2).pdf',
  ],
  [...documentCells, 'No binary yet', 'DE', 'de', 'All', '1.0', '2026-01-01', '', '', '', '', 'No', 'No', ''],
  ['DOC-2', "'+Second", 'IFU', '', '', '', '', ...Array.from({ length: 13 }, () => '')],
];

describe('GET api/bulk/export?entity=DOCUMENT', () => {
  it('answers 401 without a token, 403 without BULK_EXPORT in the unit', async () => {
    expect((await get(undefined, exportUrl())).statusCode).toBe(401);
    expect((await get(await tokenWith(['DOCUMENT_MANAGE', 'BULK_IMPORT'], [s.unitId]), exportUrl())).statusCode).toBe(403);
    expect((await get(await tokenWith(['BULK_EXPORT'], [s.otherId]), exportUrl())).statusCode).toBe(403);
    expect(await ctx.db.select().from(bulkJob)).toHaveLength(0);
  });

  it('needs no product type, and PRODUCT still needs one', async () => {
    const user = await tokenWith(['BULK_EXPORT'], [s.unitId]);
    const res = await get(user, `/api/bulk/export?entity=PRODUCT&business-unit=${s.unitId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: [{ field: 'product-type', message: 'error.bulk.productTypeRequired' }] });
    expect((await get(user, exportUrl({ 'file-format': 'CSV' }))).statusCode).toBe(400);
    expect(await ctx.db.select().from(bulkJob)).toHaveLength(0);
  });

  it('exports TXT: one row per current file, and each binary byte for byte at the path its row names', async () => {
    const { files, fileName } = await exportZip();
    expect(fileName).toMatch(/^documents-med-unit-\d+\.zip$/);
    expect(Object.keys(files)).toEqual(['documents-med-unit.txt', 'files/DOC-1/ifu.pdf', 'files/DOC-1/ifu (2).pdf']);
    const rows = parseTxt(new TextDecoder('utf-8', { fatal: true }).decode(files['documents-med-unit.txt']));
    expect(rows).toEqual(expected);
    expect(files['files/DOC-1/ifu.pdf']).toEqual(s.binaries.de);
    expect(files['files/DOC-1/ifu (2).pdf']).toEqual(s.binaries.en);
  });

  it('exports ODS with the same cells', async () => {
    const { files } = await exportZip('ODS');
    const bytes = files['documents-med-unit.ods'];
    if (!bytes) throw new Error(`no sheet in ${Object.keys(files)}`);
    const { names, sheets } = readWorkbook(bytes);
    expect(names).toEqual(['Documents']);
    expect(sheets.Documents).toEqual(expected);
    expect(files['files/DOC-1/ifu (2).pdf']).toEqual(s.binaries.en);
  });

  it('allows one documents’ export per user at a time, beside a products’ export', async () => {
    const first = await get(s.exporter, exportUrl());
    expect(first.statusCode).toBe(202);
    const second = await get(s.exporter, exportUrl({ 'file-format': 'XLS' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'error.bulk.exportInProgress' });
    // the other entity is another turn
    const products = await get(s.exporter, `/api/bulk/export?entity=PRODUCT&business-unit=${s.unitId}&product-type=${s.typeId}`);
    expect(products.statusCode).toBe(202);
    await ctx.app.deps.jobs.drain();
    expect((await get(s.exporter, exportUrl())).statusCode).toBe(202);
    await ctx.app.deps.jobs.drain();
  });

  it('fails with its reason when a binary is missing from the storage', async () => {
    const [version] = await ctx.db.select().from(fileVersion).where(eq(fileVersion.label, '2.0'));
    if (!version?.binaryKey) throw new Error('no version');
    const bytes = await ctx.app.deps.files.get(version.binaryKey);
    await ctx.app.deps.files.delete(version.binaryKey);
    try {
      const res = await get(s.exporter, exportUrl());
      expect(res.statusCode).toBe(202);
      const { id } = res.json() as { id: number };
      await ctx.app.deps.jobs.drain();
      const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
      expect(job).toMatchObject({
        status: 'FAILED',
        storageKey: null,
        log: 'The export failed: The binary of files/DOC-1/ifu.pdf is missing from the storage.',
      });
    } finally {
      // put it back under its key for any later test
      if (bytes)
        await ctx.db
          .update(fileVersion)
          .set({ binaryKey: await ctx.app.deps.files.put('files', bytes, 'pdf') })
          .where(eq(fileVersion.id, version.id));
    }
  });
});

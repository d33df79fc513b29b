import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FILE_BINARY_MAX_BYTES } from '@vellum/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit, document, file, fileVersion } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { receiveStream } from '../../platform/binaries.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { FILE_BINARY_KINDS } from '../files/file-binaries.service.js';
import type { BulkJobRow } from './bulk.repo.js';
import { documentExport } from './bulk-document-export.js';
import { documentHeader } from './bulk-document-sheet.js';
import { parseTxt } from './bulk-sheet.test-support.js';
import { sheetOf, type UploadOptions, uploadZip, zipOf } from './bulk-upload.test-support.js';
import { DOCUMENT_IMPORT_LIMITS } from './import/document-import.js';

/**
 * The documents' import (decision 0062): the documents' sheet of decision 0058 and its binaries,
 * through the documents' and files' services in one transaction; check only, all or nothing, valid
 * rows, REPLACE, the rules of the files' forms, the binaries' paths, types and size, and the round
 * trip from a documents' export.
 */
let ctx: TestContext;
interface Unit {
  id: number;
  refId: number;
}
const s = {} as { a: Unit; b: Unit; c: Unit; token: string; noRotw: string; otherKeyCode: string };

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A unit set up alike each time: languages de/en, type IFU, attribute Reference [ref], product KC-1 with lot range "Lots 2026", group. */
async function makeUnit(): Promise<Unit> {
  const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['de', 'en'] });
  const type = await makeProductType(ctx.db, unit.id, { name: 'Catheters', slug: 'catheters' });
  const p1 = await makeProduct(ctx.db, type, { keyCode: 'KC-1' });
  await makeProductGroup(ctx.db, type, [p1.id], { name: 'Group A' });
  await makeLotRange(ctx.db, type, [p1.id], { name: 'Lots 2026', numbers: [`L${unit.id}`] });
  await makeDocumentType(ctx.db, unit.id, { name: 'IFU' });
  const ref = await makeDocumentAttribute(ctx.db, unit.id, { name: 'Reference', slug: 'ref', visualizationOrder: 1 });
  if (!ref) throw new Error('attribute');
  return { id: unit.id, refId: ref.id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  s.a = await makeUnit();
  s.b = await makeUnit();
  s.c = await makeUnit();
  const other = await makeBusinessUnit(ctx.db);
  const otherType = await makeProductType(ctx.db, other.id);
  s.otherKeyCode = (await makeProduct(ctx.db, otherType, { keyCode: 'KC-OTHER' })).keyCode;
  const units = [s.a.id, s.b.id, s.c.id];
  const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT', 'BULK_EXPORT', 'FILE_ROTW'], units);
  s.token = await tokenFor(ctx, user.id);
  const limited = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], units);
  s.noRotw = await tokenFor(ctx, limited.id);
});
afterAll(() => ctx?.close());

const HEADER = documentHeader([{ id: 0, name: 'Reference', slug: 'ref' }]);

/** A row of the sheet: the document's cells, then the file's by column name. */
function row(
  doc: { number: string; name?: string; ref?: string; products?: string; groups?: string },
  f: Partial<Record<string, string>> = {},
) {
  const cells: Record<string, string> = {
    'Document number': doc.number,
    'Document name': doc.name ?? `Name of ${doc.number}`,
    'Document type': 'IFU',
    'Reference [ref]': doc.ref ?? '',
    Products: doc.products ?? 'KC-1',
    'Product groups': doc.groups ?? '',
    'File name': '',
    Countries: '',
    'Document languages': '',
    Lots: '',
    'Version label': '',
    'Version date': '',
    'Valid to': '',
    'Publish date': '',
    'Archive date': '',
    Remarks: '',
    'Remarks active': '',
    Historical: '',
    File: '',
    ...f,
  };
  return HEADER.map((h) => cells[h] ?? '');
}
const fileCells = (name: string, over: Partial<Record<string, string>> = {}) => ({
  'File name': name,
  Countries: 'DE',
  'Document languages': 'de',
  Lots: 'All',
  'Version label': '1.0',
  'Version date': '2026-01-10',
  ...over,
});

async function run(zip: Uint8Array, unit: Unit, o: Partial<UploadOptions> = {}, token = s.token) {
  const id = await uploadZip(ctx.app, token, zip, { entity: 'DOCUMENT', businessUnitId: unit.id, fileName: 'documents.zip', ...o });
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
const zipWith = (rows: string[][], binaries: Record<string, Uint8Array> = {}) =>
  zipOf({ 'documents.txt': sheetOf([HEADER, ...rows]), ...binaries });

const numbersOf = async (unitId: number) =>
  (await ctx.db.select().from(document).where(eq(document.businessUnitId, unitId)).orderBy(asc(document.number))).map((d) => d.number);
async function filesOf(unitId: number, number: string) {
  const [doc] = await ctx.db
    .select()
    .from(document)
    .where(and(eq(document.businessUnitId, unitId), eq(document.number, number)));
  if (!doc) return undefined;
  const files = await ctx.db.select().from(file).where(eq(file.documentId, doc.id)).orderBy(asc(file.name));
  const out: { name: string; versions: { label: string; sha256: string | null; binaryKey: string | null }[] }[] = [];
  for (const f of files) {
    const versions = await ctx.db.select().from(fileVersion).where(eq(fileVersion.fileId, f.id)).orderBy(asc(fileVersion.id));
    out.push({ name: f.name, versions: versions.map((v) => ({ label: v.label, sha256: v.sha256, binaryKey: v.binaryKey })) });
  }
  return out;
}
/** The binaries kept in the local store (`files/…`). */
function storedBinaries(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/[\\/]files[\\/]files[\\/]/.test(path)) found.push(path);
    }
  };
  walk(ctx.config.dataDir);
  return found.sort();
}
const setImportType = (type: 'ADD' | 'REPLACE', unitId: number) =>
  ctx.db.update(businessUnit).set({ bulkImportType: type }).where(eq(businessUnit.id, unitId));

describe('the documents import', () => {
  const de = pdf('Deutsch 1');
  const en = pdf('English 1');

  it('creates documents and their files with binaries in two languages; one audit entry with counts', async () => {
    const rows = [
      row({ number: 'D-1', ref: 'R-1' }, fileCells('Deutsch', { File: 'files/D-1/de.pdf' })),
      row(
        { number: 'D-1', ref: 'R-1' },
        fileCells('English', { Countries: 'GB\nIE', 'Document languages': 'en', File: 'files/D-1/en.pdf' }),
      ),
      row(
        { number: 'D-2', groups: 'Group A [catheters]' },
        fileCells('Only', { Lots: 'Lots 2026', 'Publish date': '2026-01-20T08:00:00.000Z', File: 'files/D-2/x.pdf' }),
      ),
    ];
    const { job, errors } = await run(zipWith(rows, { 'files/D-1/de.pdf': de, 'files/D-1/en.pdf': en, 'files/D-2/x.pdf': pdf('x') }), s.a);
    expect(errors).toEqual([]);
    expect(job).toMatchObject({ status: 'SUCCESS', rowsCreated: 3, rowsRejected: 0 });
    expect(await numbersOf(s.a.id)).toEqual(['D-1', 'D-2']);
    expect(job.log).toContain("The sheet's publish dates are not applied");
    const files = await filesOf(s.a.id, 'D-1');
    expect(files).toEqual([
      { name: 'Deutsch', versions: [expect.objectContaining({ label: '1.0', sha256: sha(de) })] },
      { name: 'English', versions: [expect.objectContaining({ label: '1.0', sha256: sha(en) })] },
    ]);
    const key = files?.[0]?.versions[0]?.binaryKey as string;
    expect(Buffer.from((await ctx.app.deps.files.get(key)) as Buffer)).toEqual(Buffer.from(de));
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.action, 'IMPORTED')));
    expect(audits.at(-1)?.changes).toMatchObject({ created: 3, rows: 3, entity: 'DOCUMENT' });
    const docAudits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'document'), eq(auditLog.action, 'CREATE')));
    expect(docAudits.filter((a) => a.businessUnitId === s.a.id)).toHaveLength(2);
  });

  it('a changed binary or label makes a new version; identical rows are unchanged; history stays', async () => {
    const en2 = pdf('English 2');
    const rows = [
      row({ number: 'D-1', ref: 'R-1' }, fileCells('Deutsch', { File: 'files/D-1/de.pdf' })),
      row(
        { number: 'D-1', ref: 'R-1' },
        fileCells('English', {
          Countries: 'GB\nIE',
          'Document languages': 'en',
          'Version label': '2.0',
          'Version date': '2026-03-01',
          File: 'files/D-1/en.pdf',
        }),
      ),
    ];
    const { job, errors } = await run(zipWith(rows, { 'files/D-1/de.pdf': de, 'files/D-1/en.pdf': en2 }), s.a);
    expect(errors).toEqual([]);
    expect(job).toMatchObject({ status: 'SUCCESS', rowsCreated: 0, rowsUpdated: 1 });
    expect(job.log).toMatch(/1 unchanged/);
    const files = await filesOf(s.a.id, 'D-1');
    expect(files?.[0]?.versions).toHaveLength(1);
    expect(files?.[1]?.versions.map((v) => [v.label, v.sha256])).toEqual([
      ['1.0', sha(en)],
      ['2.0', sha(en2)],
    ]);
  });

  it('an archive date in the future is set on the file; a malformed one is a row error', async () => {
    const rows = [row({ number: 'ARC-1' }, fileCells('Deutsch', { 'Archive date': '2099-01-01T00:00:00.000Z' }))];
    expect((await run(zipWith(rows), s.a)).job.status).toBe('SUCCESS');
    const [doc] = await ctx.db
      .select()
      .from(document)
      .where(and(eq(document.businessUnitId, s.a.id), eq(document.number, 'ARC-1')));
    const [f] = await ctx.db
      .select()
      .from(file)
      .where(eq(file.documentId, doc?.id as number));
    expect(f?.archiveDate?.toISOString()).toBe('2099-01-01T00:00:00.000Z');
    const bad = [row({ number: 'ARC-2' }, fileCells('Deutsch', { 'Archive date': 'soon' }))];
    const { errors } = await run(zipWith(bad), s.a);
    expect(errors).toEqual([expect.objectContaining({ row: 2, column: 'Archive date', message: 'error.bulk.instantInvalid' })]);
  });

  it('check only writes nothing: no document, no binary kept', async () => {
    const before = storedBinaries();
    const rows = [row({ number: 'CHK-1' }, fileCells('Deutsch', { File: 'files/CHK-1/de.pdf' }))];
    const { job, errors } = await run(zipWith(rows, { 'files/CHK-1/de.pdf': pdf('check') }), s.a, { mode: 'CHECK' });
    expect(errors).toEqual([]);
    expect(job).toMatchObject({ status: 'SUCCESS', rowsCreated: 1 });
    expect(job.log).toMatch(/1 would be created.*\n.*Check only: nothing was written/s);
    expect(await numbersOf(s.a.id)).not.toContain('CHK-1');
    expect(storedBinaries()).toEqual(before);
  });

  it('all or nothing: one bad row and nothing changes, binaries of the good rows removed again', async () => {
    const before = storedBinaries();
    const rows = [
      row({ number: 'AON-1' }, fileCells('Deutsch', { File: 'files/AON-1/de.pdf' })),
      row({ number: 'AON-2' }, fileCells('Deutsch', { 'Document languages': 'fr' })),
    ];
    const { job, errors } = await run(zipWith(rows, { 'files/AON-1/de.pdf': pdf('aon') }), s.a);
    expect(job).toMatchObject({ status: 'FAILED', rowsRejected: 1 });
    expect(errors).toEqual([
      expect.objectContaining({ row: 3, column: 'Document languages', message: 'error.file.languageNotInUnit', value: 'fr' }),
    ]);
    expect(await numbersOf(s.a.id)).not.toContain('AON-1');
    expect(storedBinaries()).toEqual(before);
  });

  it('valid rows: WARNING, the valid rows applied, the rejected ones in the rejected-rows file', async () => {
    const rows = [
      row({ number: 'VR-1' }, fileCells('Deutsch', { File: 'files/VR-1/de.pdf' })),
      row({ number: 'VR-2' }, fileCells('Deutsch', { Countries: 'ZZ' })),
    ];
    const { id, job, errors } = await run(zipWith(rows, { 'files/VR-1/de.pdf': pdf('vr') }), s.a, { onError: 'VALID_ROWS' });
    expect(job).toMatchObject({ status: 'WARNING', rowsCreated: 1, rowsRejected: 1, hasRejectedRows: true });
    expect(errors).toEqual([expect.objectContaining({ row: 3, column: 'Countries', message: 'error.file.countryInvalid' })]);
    expect(await numbersOf(s.a.id)).toEqual(expect.arrayContaining(['VR-1']));
    expect(await numbersOf(s.a.id)).not.toContain('VR-2');
    const rejected = await as(ctx.app, s.token)({ method: 'GET', url: `/api/bulk/${id}/rejected-rows` });
    const sheet = parseTxt(rejected.body);
    expect(sheet[0]?.at(-1)).toBe('Error');
    expect(sheet[1]?.[0]).toBe('VR-2');
  });

  it.each([
    ['a country that is no ISO code', fileCells('F', { Countries: 'ZZ' }), 'Countries', 'error.file.countryInvalid'],
    ['a language not of the unit', fileCells('F', { 'Document languages': 'fr' }), 'Document languages', 'error.file.languageNotInUnit'],
    ['an unknown lot range', fileCells('F', { Lots: 'No such lots' }), 'Lots', 'error.bulk.lotRangeNotFound'],
    ['a path that climbs out', fileCells('F', { File: '../x.pdf' }), 'File', 'error.bulk.binaryPathInvalid'],
    ['an absolute path', fileCells('F', { File: '/etc/x.pdf' }), 'File', 'error.bulk.binaryPathInvalid'],
    ['a binary the zip lacks', fileCells('F', { File: 'files/BAD/missing.pdf' }), 'File', 'error.bulk.binaryNotInZip'],
    ['a file type that is not allowed', fileCells('F', { File: 'files/BAD/page.html' }), 'File', 'error.unsupportedContentType'],
    ['a yes/no cell with something else', fileCells('F', { Historical: 'maybe' }), 'Historical', 'error.bulk.yesOrNo'],
  ])('%s is a row error on its column', async (_name, cells, column, message) => {
    const rows = [row({ number: 'BAD' }, cells)];
    const { job, errors } = await run(
      zipWith(rows, { 'files/BAD/page.html': new TextEncoder().encode('<html><body>hi</body></html>') }),
      s.a,
    );
    expect(job.status).toBe('FAILED');
    expect(errors).toEqual([expect.objectContaining({ row: 2, column, message })]);
    expect(await numbersOf(s.a.id)).not.toContain('BAD');
  });

  it("another unit's product key code, an unknown type: errors on their columns", async () => {
    const rows = [row({ number: 'BAD', products: s.otherKeyCode }, fileCells('F'))];
    rows[0][2] = 'No such type';
    const { errors } = await run(zipWith(rows), s.a);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ column: 'Products', message: 'error.bulk.productNotFound', value: 'KC-OTHER' }),
        expect.objectContaining({ column: 'Document type', message: 'error.bulk.documentTypeNotFound' }),
      ]),
    );
  });

  it('a row that disagrees with the first row of its document is rejected on that cell', async () => {
    const rows = [
      row({ number: 'DIS-1', name: 'One name' }, fileCells('Deutsch')),
      row({ number: 'DIS-1', name: 'Another name' }, fileCells('English', { 'Document languages': 'en' })),
    ];
    const { errors } = await run(zipWith(rows), s.a);
    expect(errors).toEqual([
      expect.objectContaining({ row: 3, column: 'Document name', message: 'error.bulk.documentCellDisagrees', value: 'Another name' }),
    ]);
  });

  it('rest of the world needs FILE_ROTW', async () => {
    const rows = [row({ number: 'ROTW' }, fileCells('World', { Countries: 'Rest of the world' }))];
    const refused = await run(zipWith(rows), s.a, {}, s.noRotw);
    expect(refused.errors).toEqual([expect.objectContaining({ row: 2, column: 'Countries', message: 'error.http.403' })]);
    const allowed = await run(zipWith(rows), s.a, { mode: 'CHECK' });
    expect(allowed.job).toMatchObject({ status: 'SUCCESS', rowsCreated: 1 });
  });

  it('a binary above the limit is a row error on File (the real limit is the admin upload’s 150 MB)', async () => {
    expect(DOCUMENT_IMPORT_LIMITS.binaryMaxBytes).toBe(FILE_BINARY_MAX_BYTES);
    const saved = DOCUMENT_IMPORT_LIMITS.binaryMaxBytes;
    DOCUMENT_IMPORT_LIMITS.binaryMaxBytes = 64;
    try {
      const rows = [row({ number: 'BIG' }, fileCells('F', { File: 'files/BIG/big.pdf' }))];
      const { errors } = await run(zipWith(rows, { 'files/BIG/big.pdf': pdf('x'.repeat(100)) }), s.a);
      expect(errors).toEqual([expect.objectContaining({ column: 'File', message: 'error.fileTooLarge' })]);
    } finally {
      DOCUMENT_IMPORT_LIMITS.binaryMaxBytes = saved;
    }
  });

  it('a generated stream one byte past 150 MB is refused while it streams, nothing kept', async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    Buffer.from('%PDF-1.4\n').copy(chunk);
    async function* big() {
      yield chunk;
      const rest = Buffer.alloc(1024 * 1024);
      for (let sent = chunk.length; sent <= FILE_BINARY_MAX_BYTES; sent += rest.length) yield rest;
    }
    await expect(
      receiveStream(Readable.from(big()), undefined, {
        prefix: 'x',
        maxBytes: FILE_BINARY_MAX_BYTES,
        kinds: FILE_BINARY_KINDS,
        fileName: 'big.pdf',
      }),
    ).rejects.toMatchObject({ key: 'error.fileTooLarge' });
  });
});

describe('REPLACE and the round trip', () => {
  it('REPLACE removes the documents and files the sheet leaves out', async () => {
    const rows = [
      row({ number: 'R-1' }, fileCells('Deutsch', { File: 'files/R-1/de.pdf' })),
      row({ number: 'R-1' }, fileCells('English', { 'Document languages': 'en' })),
      row({ number: 'R-2' }, fileCells('Deutsch')),
    ];
    expect((await run(zipWith(rows, { 'files/R-1/de.pdf': pdf('r') }), s.b)).job.status).toBe('SUCCESS');
    await setImportType('REPLACE', s.b.id);
    try {
      const { job } = await run(
        zipWith([row({ number: 'R-1' }, fileCells('Deutsch', { File: 'files/R-1/de.pdf' }))], { 'files/R-1/de.pdf': pdf('r') }),
        s.b,
      );
      expect(job).toMatchObject({ status: 'SUCCESS', rowsRemoved: 2 });
      expect(await numbersOf(s.b.id)).toEqual(['R-1']);
      expect((await filesOf(s.b.id, 'R-1'))?.map((f) => f.name)).toEqual(['Deutsch']);
    } finally {
      await setImportType('ADD', s.b.id);
    }
  });

  it('REPLACE with check only removes nothing, not even a binary; a published document is kept and named', async () => {
    const before = storedBinaries();
    const [r1] = await ctx.db
      .select()
      .from(document)
      .where(and(eq(document.businessUnitId, s.b.id), eq(document.number, 'R-1')));
    const only = [row({ number: 'R-9' }, fileCells('Deutsch'))];
    await setImportType('REPLACE', s.b.id);
    try {
      const checked = await run(zipWith(only), s.b, { mode: 'CHECK' });
      expect(checked.job).toMatchObject({ status: 'SUCCESS', rowsRemoved: 1 });
      expect(await numbersOf(s.b.id)).toEqual(['R-1']);
      expect(storedBinaries()).toEqual(before);
      // published: nothing published disappears before the next publish, the delete's own rule says why
      const [f] = await ctx.db
        .select()
        .from(file)
        .where(eq(file.documentId, r1?.id as number));
      await ctx.db
        .update(fileVersion)
        .set({ publishDate: new Date('2026-01-01T00:00:00Z') })
        .where(eq(fileVersion.fileId, f?.id as number));
      const { job, errors } = await run(zipWith(only), s.b);
      expect(job).toMatchObject({ status: 'WARNING', rowsCreated: 1, rowsRemoved: 0 });
      expect(errors).toEqual([expect.objectContaining({ row: 0, message: 'error.document.hasPublishedFiles' })]);
      expect(await numbersOf(s.b.id)).toEqual(['R-1', 'R-9']);
      expect(storedBinaries()).toEqual(before);
    } finally {
      await setImportType('ADD', s.b.id);
    }
  });

  it('a documents export imported with REPLACE into an empty unit recreates its documents, files and binaries', async () => {
    const source = await documentExport(ctx.app.deps, { businessUnitId: s.a.id, entity: 'DOCUMENT' } as BulkJobRow);
    const entries: Record<string, Uint8Array> = {};
    for await (const e of source.entries('TXT')) {
      const parts: Uint8Array[] = [];
      for await (const c of e.chunks) parts.push(c);
      entries[e.name] = new Uint8Array(Buffer.concat(parts));
    }
    await setImportType('REPLACE', s.c.id);
    try {
      const { job, errors } = await run(zipOf(entries), s.c);
      expect(errors).toEqual([]);
      expect(job.status).toBe('SUCCESS');
    } finally {
      await setImportType('ADD', s.c.id);
    }
    expect(await numbersOf(s.c.id)).toEqual(await numbersOf(s.a.id));
    for (const number of await numbersOf(s.a.id)) {
      const strip = (fs: Awaited<ReturnType<typeof filesOf>>) =>
        fs?.map((f) => ({ name: f.name, current: f.versions.map((v) => [v.label, v.sha256]).at(-1) }));
      expect(strip(await filesOf(s.c.id, number))).toEqual(strip(await filesOf(s.a.id, number)));
    }
  });
});

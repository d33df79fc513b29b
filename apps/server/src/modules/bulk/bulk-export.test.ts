import type { AccessRight } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bulkJob, productType } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';
import { exportDownloadToken } from './bulk-links.js';
import { parseTxt, readWorkbook } from './bulk-sheet.test-support.js';

/**
 * GET api/bulk/export (spec 001 §7, decision 0056): the products of a type exported by a job on
 * the queue into a zipped TXT, XLS or ODS sheet, mailed as a signed link for that user only.
 */
let ctx: TestContext;
const s = {} as { unitId: number; otherId: number; typeId: number; otherTypeId: number; exporter: string; exporterId: number };

// values a sheet must carry unchanged, and values a spreadsheet must not read as formulas
const AWKWARD = {
  tab: 'before\tafter',
  quotes: 'say "hello", "world"',
  lines: 'line one\nline two\r\nline three',
  nonLatin: 'Ωμέγα 日本語 Привет',
  rtl: 'שלום עולם مرحبا',
  formula: '=HYPERLINK("http://evil.example","x")',
  plus: '+1 555',
  minus: '-2',
  at: '@SUM(A1)',
};

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://admin.example.com' });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db);
  const other = await makeBusinessUnit(db);
  const type = await makeProductType(db, unit.id, { name: 'Catheters', slug: 'catheters' }, [
    { name: 'Label', slug: 'label' },
    { name: 'Notes', slug: 'notes' },
  ]);
  const otherType = await makeProductType(db, other.id);
  const [label, notes] = type.definitions;
  if (!label || !notes) throw new Error('definitions');
  const zeros = await makeProduct(db, type, { keyCode: '000123' }, { [label.id]: AWKWARD.tab, [notes.id]: AWKWARD.quotes });
  const words = await makeProduct(db, type, { keyCode: 'B-words' }, { [label.id]: AWKWARD.lines, [notes.id]: AWKWARD.nonLatin });
  await makeProduct(db, type, { keyCode: 'C-rtl' }, { [label.id]: AWKWARD.rtl });
  await makeProduct(db, type, { keyCode: 'D-inject' }, { [label.id]: AWKWARD.formula, [notes.id]: AWKWARD.plus });
  await makeProduct(db, type, { keyCode: '-E-minus' }, { [label.id]: AWKWARD.at, [notes.id]: AWKWARD.minus });
  await makeProductGroup(db, type, [zeros.id, words.id], { name: 'Group B' });
  await makeProductGroup(db, type, [zeros.id], { name: 'Group A' });
  await makeLotRange(db, type, [words.id], { name: 'Lots 2026', numbers: ['L1'] });
  // another type's product is not exported
  await makeProduct(db, otherType, { keyCode: 'OTHER' });
  const exporter = await makeUserWithRights(db, ['BULK_EXPORT'], [unit.id], { email: 'exporter@example.com' });
  Object.assign(s, {
    unitId: unit.id,
    otherId: other.id,
    typeId: type.id,
    otherTypeId: otherType.id,
    exporter: await tokenFor(ctx, exporter.id),
    exporterId: exporter.id,
  });
});
afterAll(() => ctx?.close());

const tokenWith = async (rights: AccessRight[], units: number[]) => tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });
const exportUrl = (q: Record<string, string | number>) =>
  `/api/bulk/export?${new URLSearchParams(Object.entries({ entity: 'PRODUCT', 'business-unit': s.unitId, 'product-type': s.typeId, ...q }).map(([k, v]) => [k, String(v)]))}`;

/** Requests an export, runs the queue, and follows the mail's link: the zip's one sheet as rows. */
async function exportAndRead(format: 'TXT' | 'XLS' | 'ODS' | undefined): Promise<{ rows: string[][]; entry: string }> {
  const before = ctx.mails().length;
  const res = await get(s.exporter, exportUrl(format ? { 'file-format': format } : {}));
  expect(res.statusCode, res.body).toBe(202);
  expect(res.headers['x-vellum-alert']).toBe('vellumApp.bulk.exportRequested');
  const { id } = res.json() as { id: number };
  // who asked for which products, in which format, is audited with the request
  const [audited] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(id))));
  expect(audited).toMatchObject({ action: 'EXPORT_REQUESTED', businessUnitId: s.unitId });
  expect(await ctx.app.deps.jobs.drain()).toBeGreaterThanOrEqual(1);
  const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
  expect(job, job?.log).toMatchObject({ status: 'SUCCESS', kind: 'EXPORT', entity: 'PRODUCT', rowsTotal: 5, fileFormat: format ?? 'TXT' });
  const mails = ctx.mails();
  expect(mails).toHaveLength(before + 1);
  const mail = mailText(mails.at(-1) ?? '');
  expect(mail).toContain('To: exporter@example.com');
  const link = /https:\/\/admin\.example\.com\/bulk-exports\/(\d+)\?token=([A-Za-z0-9._~%-]+)/.exec(mail);
  expect(link?.[1]).toBe(String(id));
  const download = await get(s.exporter, `/api/bulk/exports/${id}/download?token=${link?.[2]}`);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const names = Object.keys(files);
  expect(names).toHaveLength(1);
  const entry = names[0] ?? '';
  const bytes = files[entry] ?? new Uint8Array();
  if (entry.endsWith('.txt')) return { rows: parseTxt(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), entry };
  const { names: sheetNames, sheets } = readWorkbook(bytes);
  return { rows: sheets[sheetNames[0] ?? ''] ?? [], entry };
}

const expected = [
  ['Key code', 'Label [label]', 'Notes [notes]', 'Product groups', 'Lot ranges', 'End of life date'],
  ["'-E-minus", `'${AWKWARD.at}`, `'${AWKWARD.minus}`, '', '', ''],
  ['000123', AWKWARD.tab, AWKWARD.quotes, 'Group A\nGroup B', '', ''],
  ['B-words', AWKWARD.lines, AWKWARD.nonLatin, 'Group B', 'Lots 2026', ''],
  ['C-rtl', AWKWARD.rtl, '', '', '', ''],
  ['D-inject', `'${AWKWARD.formula}`, `'${AWKWARD.plus}`, '', '', ''],
];

describe('GET api/bulk/export', () => {
  it('answers 401 without a token, 403 without BULK_EXPORT or with it only in another unit', async () => {
    expect((await get(undefined, exportUrl({}))).statusCode).toBe(401);
    expect((await get(await tokenWith(['PRODUCT_MANAGE', 'BULK_IMPORT'], [s.unitId]), exportUrl({}))).statusCode).toBe(403);
    expect((await get(await tokenWith(['BULK_EXPORT'], [s.otherId]), exportUrl({}))).statusCode).toBe(403);
  });

  it('refuses a bad entity, format or product type, and another unit’s product type, recording nothing', async () => {
    const user = await tokenWith(['BULK_EXPORT'], [s.unitId]);
    const bad: Record<string, string>[] = [{ entity: 'USER' }, { 'file-format': 'CSV' }, { 'product-type': 'x' }, { 'business-unit': 'x' }];
    for (const q of bad) {
      const res = await get(user, exportUrl(q));
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    for (const typeId of [s.otherTypeId, 999_999]) {
      const res = await get(user, exportUrl({ 'product-type': typeId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error.bulk.productTypeBusinessUnitMismatch',
        fieldErrors: [{ field: 'product-type', message: 'error.bulk.productTypeBusinessUnitMismatch' }],
      });
    }
    // PRODUCT needs its product type
    const missing = await get(user, `/api/bulk/export?entity=PRODUCT&business-unit=${s.unitId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: [{ field: 'product-type', message: 'error.bulk.productTypeRequired' }] });
    expect(await ctx.db.select().from(bulkJob)).toHaveLength(0);
  });

  it('exports TXT by default: tab-separated UTF-8 whose awkward values survive and formulas are neutralised', async () => {
    const { rows, entry } = await exportAndRead(undefined);
    expect(entry).toBe('products-catheters.txt');
    expect(rows).toEqual(expected);
  });

  it.each(['XLS', 'ODS'] as const)('exports %s with the same cells', async (format) => {
    const { rows, entry } = await exportAndRead(format);
    expect(entry).toBe(`products-catheters.${format.toLowerCase()}`);
    expect(rows).toEqual(expected);
  });

  it('allows one export per user and entity at a time', async () => {
    const first = await get(s.exporter, exportUrl({}));
    expect(first.statusCode).toBe(202);
    const second = await get(s.exporter, exportUrl({ 'file-format': 'ODS' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'error.bulk.exportInProgress' });
    // another user may export meanwhile
    const other = await get(await tokenWith(['BULK_EXPORT'], [s.unitId]), exportUrl({}));
    expect(other.statusCode).toBe(202);
    await ctx.app.deps.jobs.drain();
    expect((await get(s.exporter, exportUrl({}))).statusCode).toBe(202);
    await ctx.app.deps.jobs.drain();
  });

  it('fails with its reason in the log and the mail when the product type is gone before the job runs', async () => {
    const gone = await makeProductType(ctx.db, s.unitId);
    const user = await makeUserWithRights(ctx.db, ['BULK_EXPORT'], [s.unitId], { email: 'late@example.com' });
    const res = await get(await tokenFor(ctx, user.id), exportUrl({ 'product-type': gone.id }));
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: number };
    await ctx.db.delete(productType).where(eq(productType.id, gone.id));
    const before = ctx.mails().length;
    await ctx.app.deps.jobs.drain();
    const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id));
    expect(job).toMatchObject({ status: 'FAILED', storageKey: null, log: 'The export failed: The product type no longer exists.' });
    expect(job?.processedDate).toBeInstanceOf(Date);
    const mail = mailText(ctx.mails().slice(before).join(''));
    expect(mail).toContain('To: late@example.com');
    expect(mail).toContain('could not be made: The product type no longer exists.');
    // the failed export no longer holds the user's turn
    expect((await get(await tokenFor(ctx, user.id), exportUrl({}))).statusCode).toBe(202);
    await ctx.app.deps.jobs.drain();
  });

  it('refuses the download to anyone else, with another export’s or an expired token, or without a token', async () => {
    const [job] = await ctx.db
      .select()
      .from(bulkJob)
      .where(and(eq(bulkJob.status, 'SUCCESS'), eq(bulkJob.userId, s.exporterId)))
      .limit(1);
    if (!job) throw new Error('no export');
    const url = (token: string) => `/api/bulk/exports/${job.id}/download?token=${token}`;
    const good = await exportDownloadToken(ctx.app.deps, job, new Date(Date.now() + 60_000));
    expect((await get(s.exporter, url(good))).statusCode).toBe(200);
    expect((await get(undefined, url(good))).statusCode).toBe(401);
    // signed in as someone else, even with the right in the unit
    const someone = await tokenWith(['BULK_EXPORT'], [s.unitId]);
    const refused = await get(someone, url(good));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'error.bulk.downloadLinkInvalid' });
    const expired = await exportDownloadToken(ctx.app.deps, job, new Date(Date.now() - 1000));
    expect((await get(s.exporter, url(expired))).statusCode).toBe(403);
    const otherJob = await exportDownloadToken(ctx.app.deps, { ...job, id: job.id + 1000 }, new Date(Date.now() + 60_000));
    expect((await get(s.exporter, url(otherJob))).statusCode).toBe(403);
    // a bearer token is no download token
    expect((await get(s.exporter, url(s.exporter))).statusCode).toBe(403);
    expect((await get(s.exporter, `/api/bulk/exports/${job.id}/download`)).statusCode).toBe(400);
  });
});

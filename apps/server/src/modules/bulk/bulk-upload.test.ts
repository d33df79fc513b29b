import type { AccessRight } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bulkJob, manufacturer } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { uploadZip, zipOf } from './bulk-upload.test-support.js';

/**
 * The upload flow (spec 001 §4, decision 0057): upload-url, the PUT of the zip to the server's
 * streaming URL, upload-complete, the status list, one job, cancel; refused while switched off.
 */
let ctx: TestContext;
const s = {} as { unitId: number; otherUnitId: number; typeId: number; otherTypeId: number; importer: string; other: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const other = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
  const otherType = await makeProductType(ctx.db, other.id);
  const importer = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
  const otherUser = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [other.id]);
  Object.assign(s, {
    unitId: unit.id,
    otherUnitId: other.id,
    typeId: type.id,
    otherTypeId: otherType.id,
    importer: await tokenFor(ctx, importer.id),
    other: await tokenFor(ctx, otherUser.id),
  });
});
afterAll(() => ctx?.close());

const tokenWith = async (rights: AccessRight[], units: number[]) => tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const body = (over: Record<string, unknown> = {}) => ({
  entity: 'PRODUCT',
  businessUnitId: s.unitId,
  productTypeId: s.typeId,
  fileName: 'products.zip',
  fileSize: 10,
  ...over,
});
const uploadUrl = (token: string | undefined, payload: Record<string, unknown>) =>
  as(ctx.app, token)({ method: 'POST', url: '/api/bulk/upload-url', payload });
const setActive = (active: boolean) => ctx.db.update(manufacturer).set({ bulkUploadsActive: active });
const sheetZip = () => zipOf({ 'products.txt': 'Key code\tLabel [label]\r\nA-1\tOne\r\n' });

describe('POST api/bulk/upload-url', () => {
  it('answers 401 without a token and 403 without BULK_IMPORT in the unit', async () => {
    expect((await uploadUrl(undefined, body())).statusCode).toBe(401);
    expect((await uploadUrl(s.other, body())).statusCode).toBe(403);
    expect((await uploadUrl(await tokenWith(['BULK_EXPORT'], [s.unitId]), body())).statusCode).toBe(403);
  });

  it.each([
    [{ productTypeId: undefined }, 'productTypeId', 'error.bulk.productTypeRequired'],
    [{ fileName: 'products.xlsx' }, 'fileName', 'error.bulk.notAZip'],
    [{ fileSize: 2 * 1024 * 1024 * 1024 + 1 }, 'fileSize', 'error.bulk.fileTooLarge'],
    [{ productTypeId: 0 }, 'productTypeId', undefined],
  ])('refuses %j with 400 on %s', async (over, field, message) => {
    const res = await uploadUrl(s.importer, body(over));
    expect(res.statusCode, res.body).toBe(400);
    const problem = res.json() as { fieldErrors?: { field: string; message: string }[] };
    expect(problem.fieldErrors?.[0]?.field).toBe(field);
    if (message) expect(problem.fieldErrors?.[0]?.message).toBe(message);
  });

  it("accepts the documents' import without a product type (decision 0062), refuses an unknown entity with 400", async () => {
    const res = await uploadUrl(s.importer, body({ entity: 'DOCUMENT', productTypeId: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await uploadUrl(s.importer, body({ entity: 'TRANSLATION' }))).statusCode).toBe(400);
  });

  it("refuses another unit's product type with 400 on productTypeId", async () => {
    const res = await uploadUrl(s.importer, body({ productTypeId: s.otherTypeId }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.bulk.productTypeBusinessUnitMismatch',
      fieldErrors: [{ field: 'productTypeId' }],
    });
  });

  it('refuses while bulk uploads are switched off', async () => {
    await setActive(false);
    try {
      const res = await uploadUrl(s.importer, body());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.bulk.uploadsDisabled' });
    } finally {
      await setActive(true);
    }
  });

  it('records the upload (UPLOADING, audited) and answers where to PUT the zip for 90 minutes', async () => {
    const before = Date.now();
    const res = await uploadUrl(s.importer, body({ mode: 'CHECK', onError: 'VALID_ROWS' }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { id: number; url: string; method: string; headers: Record<string, string>; expiresAt: string };
    expect(answer).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/zip' } });
    expect(answer.url).toMatch(new RegExp(`^/api/bulk/uploads/${answer.id}\\?token=`));
    const expires = new Date(answer.expiresAt).getTime();
    expect(expires - before).toBeGreaterThan(89 * 60 * 1000);
    expect(expires - before).toBeLessThan(91 * 60 * 1000);
    const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, answer.id));
    expect(job).toMatchObject({
      kind: 'IMPORT',
      status: 'UPLOADING',
      mode: 'CHECK',
      onError: 'VALID_ROWS',
      fileName: 'products.zip',
      fileSize: 10,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(answer.id))));
    expect(entry).toMatchObject({ action: 'UPLOAD_REQUESTED', businessUnitId: s.unitId });
  });
});

describe('PUT api/bulk/uploads/{id}', () => {
  const start = async (size: number) => (await uploadUrl(s.importer, body({ fileSize: size }))).json() as { id: number; url: string };
  const put = (url: string, payload: Uint8Array, type = 'application/zip') =>
    ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: Buffer.from(payload) });

  it("refuses a token that is not this upload's, and a bearer token", async () => {
    const zip = sheetZip();
    const a = await start(zip.length);
    const b = await start(zip.length);
    const tokenOfB = new URL(b.url, 'http://x').searchParams.get('token') as string;
    expect((await put(`/api/bulk/uploads/${a.id}?token=${encodeURIComponent(tokenOfB)}`, zip)).statusCode).toBe(403);
    const bearer = await put(`/api/bulk/uploads/${a.id}?token=${s.importer}`, zip);
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json()).toMatchObject({ message: 'error.bulk.uploadLinkInvalid' });
  });

  it('refuses a body of another size than announced (nothing kept, the URL may be tried again), then works once', async () => {
    const zip = sheetZip();
    const a = await start(zip.length);
    const longer = await put(a.url, new Uint8Array([...zip, 1, 2, 3]));
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toMatchObject({ message: 'error.bulk.fileTooLarge' });
    const shorter = await put(a.url, zip.slice(0, 10));
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json()).toMatchObject({ message: 'error.bulk.notUploaded' });
    expect((await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, a.id)))[0]).toMatchObject({ status: 'UPLOADING', storageKey: null });
    expect((await put(a.url, zip, 'application/json')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await put(a.url, zip)).statusCode).toBe(204);
    const [job] = await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, a.id));
    expect(job?.status).toBe('UPLOADED');
    expect(await ctx.app.deps.files.stat(job?.storageKey as string)).toEqual({ size: zip.length });
    // spent
    expect((await put(a.url, zip)).statusCode).toBe(403);
  });
});

describe('upload-complete, list, get, cancel', () => {
  it('upload-complete: 401, 403 in another unit, 400 before the zip arrived, 404 for no import', async () => {
    const a = (await uploadUrl(s.importer, body())).json() as { id: number };
    const url = `/api/bulk/upload-complete/${a.id}`;
    expect((await as(ctx.app, undefined)({ method: 'POST', url })).statusCode).toBe(401);
    expect((await as(ctx.app, s.other)({ method: 'POST', url })).statusCode).toBe(403);
    const early = await as(ctx.app, s.importer)({ method: 'POST', url });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: 'error.bulk.notUploaded' });
    expect((await as(ctx.app, s.importer)({ method: 'POST', url: '/api/bulk/upload-complete/999999' })).statusCode).toBe(404);
  });

  it('upload-complete queues the import once; it is refused while switched off', async () => {
    const zip = sheetZip();
    const res = await uploadUrl(s.importer, body({ fileSize: zip.length }));
    const { id, url } = res.json() as { id: number; url: string };
    await ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/zip' }, payload: Buffer.from(zip) });
    await setActive(false);
    try {
      const off = await as(ctx.app, s.importer)({ method: 'POST', url: `/api/bulk/upload-complete/${id}` });
      expect(off.json()).toMatchObject({ message: 'error.bulk.uploadsDisabled' });
    } finally {
      await setActive(true);
    }
    const done = await as(ctx.app, s.importer)({ method: 'POST', url: `/api/bulk/upload-complete/${id}` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, status: 'PROCESSING', fileName: 'products.zip', kind: 'IMPORT' });
    const again = await as(ctx.app, s.importer)({ method: 'POST', url: `/api/bulk/upload-complete/${id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'error.bulk.wrongStatus' });
    await ctx.app.deps.jobs.drain();
    const job = await as(ctx.app, s.importer)({ method: 'GET', url: `/api/bulk/${id}` });
    expect(job.json()).toMatchObject({ status: 'SUCCESS', rowsCreated: 1, rowsTotal: 1 });
  });

  it("lists the unit's imports newest first with x-total-count; PRODUCT needs its product type", async () => {
    const list = (token: string | undefined, q: string) => as(ctx.app, token)({ method: 'GET', url: `/api/bulk?${q}` });
    const q = `entity=PRODUCT&business-unit=${s.unitId}&product-type=${s.typeId}`;
    expect((await list(undefined, q)).statusCode).toBe(401);
    expect((await list(s.other, q)).statusCode).toBe(403);
    const missing = await list(s.importer, `entity=PRODUCT&business-unit=${s.unitId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'error.bulk.productTypeRequired' });
    const res = await list(s.importer, `${q}&size=2`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; kind: string }[];
    expect(rows).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    expect(rows[0]?.id).toBeGreaterThan(rows[1]?.id ?? 0);
  });

  it('get and errors: 401, 403 in another unit, 404', async () => {
    const a = (await uploadUrl(s.importer, body())).json() as { id: number };
    for (const url of [`/api/bulk/${a.id}`, `/api/bulk/${a.id}/errors`, `/api/bulk/${a.id}/rejected-rows`]) {
      expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
      expect((await as(ctx.app, s.other)({ method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await as(ctx.app, s.importer)({ method: 'GET', url: '/api/bulk/999999' })).statusCode).toBe(404);
    expect((await as(ctx.app, s.importer)({ method: 'GET', url: `/api/bulk/${a.id}/rejected-rows` })).statusCode).toBe(404);
    expect((await as(ctx.app, s.importer)({ method: 'GET', url: `/api/bulk/${a.id}/errors?size=501` })).statusCode).toBe(400);
  });

  it('cancel: FAILED with who cancelled in the log, audited; a second cancel is 409', async () => {
    const zip = sheetZip();
    const id = await uploadZip(ctx.app, s.importer, zip, { businessUnitId: s.unitId, productTypeId: s.typeId });
    const url = `/api/bulk/${id}/cancel`;
    expect((await as(ctx.app, undefined)({ method: 'POST', url })).statusCode).toBe(401);
    expect((await as(ctx.app, s.other)({ method: 'POST', url })).statusCode).toBe(403);
    const res = await as(ctx.app, s.importer)({ method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as { status: string; log: string; cancelRequested: boolean };
    expect(job.status).toBe('FAILED');
    expect(job.cancelRequested).toBe(true);
    expect(job.log).toMatch(/Cancelled by /);
    expect((await as(ctx.app, s.importer)({ method: 'POST', url })).statusCode).toBe(409);
    // the queued import sees the cancel and applies nothing
    await ctx.app.deps.jobs.drain();
    const after = (await as(ctx.app, s.importer)({ method: 'GET', url: `/api/bulk/${id}` })).json();
    expect(after).toMatchObject({ status: 'FAILED', rowsCreated: 0 });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'UPLOAD_CANCELLED')));
    expect(entry).toBeDefined();
  });
});

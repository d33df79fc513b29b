import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkJob, product, userGroupMember } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { bulkMaintenance, failingOnLastAttempt } from './bulk-maintenance.js';
import { sheetOf, uploadZip, zipOf } from './bulk-upload.test-support.js';
import { runImport } from './import/product-import.js';

/**
 * What keeps bulk jobs from lingering (decision 0057): the last attempt's failure and the daily
 * sweep (PROCESSING left behind, uploads never completed, old zips and rejected rows), and the
 * uploader's right checked again when the import runs. Clocks are injected.
 */
let ctx: TestContext;
const s = {} as { unitId: number; typeId: number; token: string; userId: number };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
  const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
  Object.assign(s, { unitId: unit.id, typeId: type.id, token: await tokenFor(ctx, user.id), userId: user.id });
});
afterAll(() => ctx?.close());

const goodZip = (key = 'G-1') =>
  zipOf({
    'p.txt': sheetOf([
      ['Key code', 'Label [label]'],
      [key, 'A label'],
    ]),
  });
const jobOf = async (id: number) => (await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id)))[0];
const upload = (zip = goodZip(), token = s.token) => uploadZip(ctx.app, token, zip, { businessUnitId: s.unitId, productTypeId: s.typeId });
const keyCodes = async () =>
  (await ctx.db.select({ k: product.keyCode }).from(product).where(eq(product.productTypeId, s.typeId))).map((r) => r.k);
const exportRow = async (createdDate = new Date()) =>
  (
    await ctx.db
      .insert(bulkJob)
      .values({
        businessUnitId: s.unitId,
        entity: 'PRODUCT',
        productTypeId: s.typeId,
        userLogin: 'x',
        kind: 'EXPORT',
        status: 'PROCESSING',
        fileFormat: 'TXT',
        createdDate,
      })
      .returning()
  )[0] as typeof bulkJob.$inferSelect;

describe('a job never stays PROCESSING', () => {
  it("the last attempt's unexpected failure marks the import FAILED; an earlier one leaves it to the retry", async () => {
    const id = await upload();
    const handler = failingOnLastAttempt(ctx.app.deps, 'IMPORT', (d: { jobId: number }) => runImport(ctx.app.deps, d));
    const open = vi.spyOn(ctx.app.deps.files, 'open').mockRejectedValue(new Error('storage unreachable'));
    try {
      await expect(handler({ jobId: id }, { retryCount: 0, last: false })).rejects.toThrow('storage unreachable');
      expect(await jobOf(id)).toMatchObject({ status: 'PROCESSING' });
      await expect(handler({ jobId: id }, { retryCount: 2, last: true })).rejects.toThrow('storage unreachable');
    } finally {
      open.mockRestore();
    }
    const job = await jobOf(id);
    expect(job?.status).toBe('FAILED');
    expect(job?.log).toContain('The import failed unexpectedly; nothing was applied.');
    expect(job?.processedDate).toBeInstanceOf(Date);
    expect(await keyCodes()).not.toContain('G-1');
  });

  it('through the queue: the attempt pg-boss will not retry marks the row FAILED', async () => {
    const id = await upload(goodZip('Q-1'));
    await ctx.db.execute(sql`UPDATE pgboss.job SET retry_count = 2 WHERE name = 'bulk-import' AND data->>'jobId' = ${String(id)}`);
    const open = vi.spyOn(ctx.app.deps.files, 'open').mockRejectedValue(new Error('storage unreachable'));
    try {
      await ctx.app.deps.jobs.drain();
    } finally {
      open.mockRestore();
    }
    expect(await jobOf(id)).toMatchObject({ status: 'FAILED' });
    expect((await jobOf(id))?.log).toContain('The import failed unexpectedly');
  });

  it("an export's last failure marks it FAILED (and frees the user's one export), never a finished one", async () => {
    const row = await exportRow();
    const boom = failingOnLastAttempt(ctx.app.deps, 'EXPORT', async () => {
      throw new Error('boom');
    });
    await expect(boom({ jobId: row.id }, { retryCount: 2, last: true })).rejects.toThrow('boom');
    expect(await jobOf(row.id)).toMatchObject({ status: 'FAILED', log: 'The export failed unexpectedly.' });
    await ctx.db.update(bulkJob).set({ status: 'SUCCESS', log: 'done' }).where(eq(bulkJob.id, row.id));
    await expect(boom({ jobId: row.id }, { retryCount: 2, last: true })).rejects.toThrow('boom');
    expect(await jobOf(row.id)).toMatchObject({ status: 'SUCCESS', log: 'done' });
  });

  it('the daily sweep fails what is PROCESSING for over 3 hours with no live job on the queue, and only that', async () => {
    const queued = await upload(goodZip('S-1')); // its pg-boss job waits
    const orphan = await exportRow(); // no pg-boss job at all: its worker died and the job was given up
    const later = new Date(Date.now() + 2 * HOUR);
    await bulkMaintenance(ctx.app.deps, later);
    expect((await jobOf(orphan.id))?.status).toBe('PROCESSING');
    const now = new Date(Date.now() + 4 * HOUR);
    await bulkMaintenance(ctx.app.deps, now);
    expect(await jobOf(orphan.id)).toMatchObject({ status: 'FAILED', log: 'The export failed unexpectedly.' });
    expect((await jobOf(queued))?.status).toBe('PROCESSING');
    // once its queue job is gone (failed for good), the import is swept too
    await ctx.db.execute(sql`UPDATE pgboss.job SET state = 'failed' WHERE name = 'bulk-import' AND data->>'jobId' = ${String(queued)}`);
    await bulkMaintenance(ctx.app.deps, now);
    expect(await jobOf(queued)).toMatchObject({ status: 'FAILED' });
    expect((await jobOf(queued))?.log).toContain('The import failed unexpectedly; nothing was applied.');
  });
});

describe("the uploader's right is checked when the import runs", () => {
  it('a user who no longer holds BULK_IMPORT in the unit: FAILED with the reason, nothing applied', async () => {
    const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [s.unitId], { login: 'leaver' });
    const id = await upload(goodZip('R-1'), await tokenFor(ctx, user.id));
    await ctx.db.delete(userGroupMember).where(eq(userGroupMember.userId, user.id));
    await runImport(ctx.app.deps, { jobId: id });
    const job = await jobOf(id);
    expect(job?.status).toBe('FAILED');
    expect(job?.log).toContain('leaver no longer holds the right BULK_IMPORT in this business unit; nothing was applied.');
    expect(await keyCodes()).not.toContain('R-1');
  });

  it('a user who no longer exists: FAILED with the reason, nothing applied', async () => {
    const id = await upload(goodZip('R-2'));
    await ctx.db.update(bulkJob).set({ userId: null }).where(eq(bulkJob.id, id)); // the user's deletion sets it null
    await runImport(ctx.app.deps, { jobId: id });
    const job = await jobOf(id);
    expect(job?.status).toBe('FAILED');
    expect(job?.log).toMatch(/The user who uploaded the zip \(.+\) no longer exists; nothing was applied\./);
    expect(await keyCodes()).not.toContain('R-2');
  });
});

describe('uploads and files do not linger', () => {
  const call = () => as(ctx.app, s.token);
  const start = async () => {
    const zip = goodZip('U-1');
    const res = await call()({
      method: 'POST',
      url: '/api/bulk/upload-url',
      payload: { entity: 'PRODUCT', businessUnitId: s.unitId, productTypeId: s.typeId, fileName: 'u.zip', fileSize: zip.length },
    });
    return { zip, ...(res.json() as { id: number; url: string }) };
  };

  it('uploads not completed within 24 hours are FAILED and their zip removed', async () => {
    const uploading = await start();
    const uploaded = await start();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: uploaded.url,
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(uploaded.zip),
    });
    expect(put.statusCode).toBe(204);
    const key = (await jobOf(uploaded.id))?.storageKey as string;
    expect(await ctx.app.deps.files.stat(key)).toBeTruthy();

    await bulkMaintenance(ctx.app.deps, new Date(Date.now() + 23 * HOUR));
    expect((await jobOf(uploading.id))?.status).toBe('UPLOADING');
    expect((await jobOf(uploaded.id))?.status).toBe('UPLOADED');

    await bulkMaintenance(ctx.app.deps, new Date(Date.now() + 25 * HOUR));
    for (const id of [uploading.id, uploaded.id]) {
      expect(await jobOf(id)).toMatchObject({ status: 'FAILED', storageKey: null, log: 'The upload was not completed within 24 hours.' });
    }
    expect(await ctx.app.deps.files.stat(key)).toBeFalsy();
  });

  it('a finished import keeps its zip and rejected rows 30 days, then they are removed and the log says so', async () => {
    const zip = zipOf({
      'p.txt': sheetOf([
        ['Key code', 'Label [label]'],
        ['F-1', 'ok'],
        ['F-1', 'twice'],
      ]),
    });
    const id = await uploadZip(ctx.app, s.token, zip, { businessUnitId: s.unitId, productTypeId: s.typeId, onError: 'VALID_ROWS' });
    await ctx.app.deps.jobs.drain();
    const done = await jobOf(id);
    expect(done, done?.log).toMatchObject({ status: 'WARNING' });
    const keys = [done?.storageKey, done?.rejectedRowsKey] as string[];
    for (const k of keys) expect(await ctx.app.deps.files.stat(k)).toBeTruthy();
    const got = await call()({ method: 'GET', url: `/api/bulk/${id}/zip` });
    expect(got.statusCode).toBe(200);
    expect(Buffer.from(got.rawPayload)).toEqual(Buffer.from(zip));

    const processed = done?.processedDate?.getTime() ?? 0;
    await bulkMaintenance(ctx.app.deps, new Date(processed + 29 * DAY));
    expect((await jobOf(id))?.storageKey).toBe(keys[0]);
    await bulkMaintenance(ctx.app.deps, new Date(processed + 31 * DAY));
    const after = await jobOf(id);
    expect(after).toMatchObject({ storageKey: null, rejectedRowsKey: null, status: 'WARNING' });
    expect(after?.log).toMatch(/the uploaded zip and the rejected rows were removed after 30 days\.$/);
    for (const k of keys) expect(await ctx.app.deps.files.stat(k)).toBeFalsy();
    expect((await call()({ method: 'GET', url: `/api/bulk/${id}/zip` })).statusCode).toBe(404);
    expect((await call()({ method: 'GET', url: `/api/bulk/${id}` })).json()).toMatchObject({ hasZip: false, hasRejectedRows: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { sheetOf, uploadZip, zipOf } from './bulk-upload.test-support.js';

/** GET api/bulk/{id}/zip (spec 001 §7): the uploaded zip of an import, for who may import in its unit. */
let ctx: TestContext;
const s = {} as { unitId: number; typeId: number; token: string; other: string; exporter: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const otherUnit = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Label', slug: 'label' }]);
  const user = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [unit.id]);
  const other = await makeUserWithRights(ctx.db, ['BULK_IMPORT'], [otherUnit.id]);
  const exporter = await makeUserWithRights(ctx.db, ['BULK_EXPORT'], [unit.id]);
  Object.assign(s, {
    unitId: unit.id,
    typeId: type.id,
    token: await tokenFor(ctx, user.id),
    other: await tokenFor(ctx, other.id),
    exporter: await tokenFor(ctx, exporter.id),
  });
});
afterAll(() => ctx?.close());

const get = (url: string, token?: string) => (token ? as(ctx.app, token)({ method: 'GET', url }) : ctx.app.inject({ method: 'GET', url }));

describe('GET api/bulk/{id}/zip', () => {
  it('streams the zip as uploaded, named as the user named it', async () => {
    const zip = zipOf({
      'p.txt': sheetOf([
        ['Key code', 'Label [label]'],
        ['Z-1', 'Ünïcode label'],
      ]),
    });
    const id = await uploadZip(ctx.app, s.token, zip, { businessUnitId: s.unitId, productTypeId: s.typeId, fileName: 'catalogue été.zip' });
    const before = await get(`/api/bulk/${id}`, s.token);
    expect(before.json()).toMatchObject({ hasZip: true });
    await ctx.app.deps.jobs.drain();
    const res = await get(`/api/bulk/${id}/zip`, s.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''catalogue%20%C3%A9t%C3%A9.zip");
    expect(Buffer.from(res.rawPayload)).toEqual(Buffer.from(zip));
  });

  it('401 without a token, 403 without BULK_IMPORT in the import’s unit', async () => {
    const id = await uploadZip(ctx.app, s.token, zipOf({ 'p.txt': sheetOf([['Key code']]) }), {
      businessUnitId: s.unitId,
      productTypeId: s.typeId,
    });
    expect((await get(`/api/bulk/${id}/zip`)).statusCode).toBe(401);
    expect((await get(`/api/bulk/${id}/zip`, s.other)).statusCode).toBe(403);
    expect((await get(`/api/bulk/${id}/zip`, s.exporter)).statusCode).toBe(403);
  });

  it('400 for a malformed id, 404 for no import and before the zip has arrived', async () => {
    expect((await get('/api/bulk/abc/zip', s.token)).statusCode).toBe(400);
    expect((await get('/api/bulk/999999/zip', s.token)).statusCode).toBe(404);
    const start = await as(
      ctx.app,
      s.token,
    )({
      method: 'POST',
      url: '/api/bulk/upload-url',
      payload: { entity: 'PRODUCT', businessUnitId: s.unitId, productTypeId: s.typeId, fileName: 'later.zip', fileSize: 100 },
    });
    const { id } = start.json() as { id: number };
    expect((await get(`/api/bulk/${id}`, s.token)).json()).toMatchObject({ status: 'UPLOADING', hasZip: false });
    expect((await get(`/api/bulk/${id}/zip`, s.token)).statusCode).toBe(404);
  });

  it('an upload cancelled before its import keeps no zip: no button, 404', async () => {
    const zip = zipOf({ 'p.txt': sheetOf([['Key code']]) });
    const start = await as(
      ctx.app,
      s.token,
    )({
      method: 'POST',
      url: '/api/bulk/upload-url',
      payload: { entity: 'PRODUCT', businessUnitId: s.unitId, productTypeId: s.typeId, fileName: 'gone.zip', fileSize: zip.length },
    });
    const { id, url } = start.json() as { id: number; url: string };
    const put = await ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/zip' }, payload: Buffer.from(zip) });
    expect(put.statusCode).toBe(204);
    expect((await get(`/api/bulk/${id}`, s.token)).json()).toMatchObject({ status: 'UPLOADED', hasZip: true });
    const cancelled = await as(ctx.app, s.token)({ method: 'POST', url: `/api/bulk/${id}/cancel` });
    expect(cancelled.json()).toMatchObject({ status: 'FAILED', hasZip: false });
    expect((await get(`/api/bulk/${id}/zip`, s.token)).statusCode).toBe(404);
  });
});

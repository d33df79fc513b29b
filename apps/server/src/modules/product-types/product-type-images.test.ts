import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, setManufacturer } from '../../factories/organisation-factories.js';
import { HOSTILE_SVG, multipart, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditRows, call, storedType, tokenWith } from './product-types.fixtures.js';

/** The reference image and the hero images (HCP, patient) of product types. */
let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let manager: string;
/** Reads the unit's product types (PRODUCT_READ): sees their saved images. */
let reader: string;

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  manager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE'], [unit.id]);
  reader = await tokenWith(ctx, ['PRODUCT_READ'], [unit.id]);
});
afterAll(() => ctx.close());

const IMAGES = [
  { path: 'image', query: '', column: 'imageKey', url: 'imageUrl', audit: 'image' },
  { path: 'heroImage', query: '?patient=false', column: 'heroImageHcpKey', url: 'heroImageHcpUrl', audit: 'heroImageHcp' },
  { path: 'heroImage', query: '', column: 'heroImageHcpKey', url: 'heroImageHcpUrl', audit: 'heroImageHcp' },
  { path: 'heroImage', query: '?patient=true', column: 'heroImagePatientKey', url: 'heroImagePatientUrl', audit: 'heroImagePatient' },
] as const;

/** A signed-in GET of a saved image (decision 0050: never public). */
const get = (url: string, token: string | null = reader) => call(ctx, token ?? undefined)({ method: 'GET', url });
const upload = (token: string | undefined, url: string, data: Buffer, name = 'image.png', type = 'image/png', field = 'image') =>
  call(ctx, token)({ method: 'POST', url, ...multipart(field, name, type, data) });

for (const img of IMAGES) {
  describe(`${img.path}${img.query}`, () => {
    let type: { id: number };
    const url = (id: number) => `/api/product-types/${id}/${img.path}${img.query}`;
    const stored = async () => (await storedType(ctx, type.id))[img.column];
    beforeAll(async () => {
      await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
      type = await makeProductType(ctx.db, unit.id);
    });
    afterAll(() => setManufacturer(ctx.db, { patientBusinessUnitSearch: false }));

    it('POST answers 401, 403 without the right or with it only in another unit, 404 for a missing type', async () => {
      expect((await upload(undefined, url(type.id), tinyPng())).statusCode).toBe(401);
      expect((await upload(await tokenWith(ctx, ['PRODUCT_READ', 'PRODUCT_MANAGE'], [unit.id]), url(type.id), tinyPng())).statusCode).toBe(
        403,
      );
      expect((await upload(await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [other.id]), url(type.id), tinyPng())).statusCode).toBe(403);
      expect((await upload(manager, url(999999), tinyPng())).statusCode).toBe(404);
      expect(await stored()).toBeNull();
    });

    it('POST refuses what is not an image, a missing field and a JSON body, storing nothing', async () => {
      const text = await upload(manager, url(type.id), Buffer.from('plain text'), 'fake.png');
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe('error.notAnImage');
      const wrongField = await upload(manager, url(type.id), tinyPng(), 'image.png', 'image/png', 'logo');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().fieldErrors).toEqual([{ objectName: 'multipart', field: 'image', message: 'NotNull' }]);
      const json = await call(ctx, manager)({ method: 'POST', url: url(type.id), payload: { image: 'x' } });
      expect(json.statusCode).toBe(415);
      expect(await stored()).toBeNull();
      expect((await get(url(type.id))).statusCode).toBe(404);
    });

    it('POST stores the image (replacing the previous one), answers the type with its URL, and audits; GET serves it to a reader of the type', async () => {
      const png = await upload(manager, url(type.id), tinyPng());
      expect(png.statusCode).toBe(200);
      expect(png.headers['x-vellum-alert']).toBe('vellumApp.productType.updated');
      const pngUrl = png.json()[img.url] as string;
      expect(pngUrl).toMatch(new RegExp(`^/api/product-types/${type.id}/${img.path}\\?(patient=(true|false)&)?v=\\w+$`));
      const firstKey = await stored();
      const got = await get(pngUrl);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(tinyPng())).toBe(true);

      const jpeg = await upload(manager, url(type.id), tinyJpeg(), 'photo.jpg', 'image/jpeg');
      expect(jpeg.statusCode).toBe(200);
      expect(jpeg.json()[img.url]).not.toBe(pngUrl);
      expect(await ctx.app.deps.files.get(firstKey!)).toBeUndefined();
      expect((await get(url(type.id))).headers['content-type']).toBe('image/jpeg');
      const rows = await auditRows(ctx, 'product-type', type.id, 'IMAGE');
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows[0].businessUnitId).toBe(unit.id);
      expect(rows[0].changes).toEqual({ [img.audit]: { from: 'image', to: 'image/jpeg' } });
    });

    it('GET answers 401 without a token and 403 without a right to read the type or from another unit (decision 0050)', async () => {
      expect((await upload(manager, url(type.id), tinyPng())).statusCode).toBe(200);
      const anonymous = await get(url(type.id), null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-type']).toContain('application/problem+json');
      expect((await get(url(type.id), await tokenWith(ctx, ['DOCUMENT_READ'], [unit.id]))).statusCode).toBe(403);
      expect((await get(url(type.id), await tokenWith(ctx, ['PRODUCT_READ'], [other.id]))).statusCode).toBe(403);
      const got = await get(url(type.id));
      expect(got.statusCode).toBe(200);
      expect(got.headers['cache-control']).toBe('private, no-cache');
      expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('DELETE answers 401, 403 without the right or from another unit, 404 for a missing type; then removes the image and audits', async () => {
      const del = (token: string | undefined, id = type.id) => call(ctx, token)({ method: 'DELETE', url: url(id) });
      const key = await stored();
      expect(key).not.toBeNull();
      expect((await del(undefined)).statusCode).toBe(401);
      expect((await del(await tokenWith(ctx, ['PRODUCT_READ'], [unit.id]))).statusCode).toBe(403);
      expect((await del(await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [other.id]))).statusCode).toBe(403);
      expect((await del(manager, 999999)).statusCode).toBe(404);
      expect(await stored()).toBe(key);
      const res = await del(manager);
      expect(res.statusCode).toBe(200);
      expect(res.json()[img.url]).toBeNull();
      expect(await stored()).toBeNull();
      expect(await ctx.app.deps.files.get(key!)).toBeUndefined();
      expect((await get(url(type.id))).statusCode).toBe(404);
      expect((await auditRows(ctx, 'product-type', type.id, 'IMAGE'))[0].changes).toEqual({ [img.audit]: { from: 'image', to: null } });
      // nothing left to remove
      expect((await del(manager)).statusCode).toBe(404);
    });
  });
}

describe('images: SVG, the patient portal, the signed-in GET and deleting the type', () => {
  it('stores an SVG sanitised', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    const res = await upload(manager, `/api/product-types/${type.id}/image`, Buffer.from(HOSTILE_SVG), 'x.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    const got = await get(`/api/product-types/${type.id}/image`);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.body).toContain('<rect');
    expect(got.body).not.toMatch(/<script|onload|javascript:|evil\.example/i);
  });

  it('refuses a patient hero image while the patient portal is off (error.patient.toggleDisabled), but not the HCP one', async () => {
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: false });
    const type = await makeProductType(ctx.db, unit.id);
    const res = await upload(manager, `/api/product-types/${type.id}/heroImage?patient=true`, tinyPng());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.patient.toggleDisabled');
    expect((await storedType(ctx, type.id)).heroImagePatientKey).toBeNull();
    expect((await upload(manager, `/api/product-types/${type.id}/heroImage?patient=false`, tinyPng())).statusCode).toBe(200);
  });

  it('GET answers 404 without an image or for a missing type', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    for (const path of ['image', 'heroImage', 'heroImage?patient=true']) {
      expect((await get(`/api/product-types/${type.id}/${path}`)).statusCode).toBe(404);
      expect((await get(`/api/product-types/999999/${path}`)).statusCode).toBe(404);
    }
  });

  it('deleting the type deletes its image objects', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    expect((await upload(manager, `/api/product-types/${type.id}/image`, tinyPng())).statusCode).toBe(200);
    expect((await upload(manager, `/api/product-types/${type.id}/heroImage`, tinyJpeg(), 'h.jpg', 'image/jpeg')).statusCode).toBe(200);
    const row = await storedType(ctx, type.id);
    const keys = [row.imageKey!, row.heroImageHcpKey!];
    expect((await call(ctx, manager)({ method: 'DELETE', url: `/api/product-types/${type.id}` })).statusCode).toBe(204);
    for (const key of keys) expect(await ctx.app.deps.files.get(key)).toBeUndefined();
  });
});

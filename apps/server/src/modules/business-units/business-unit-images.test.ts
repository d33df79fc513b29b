import type { AccessRight } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { HOSTILE_SVG, multipart, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let imager: string;
/** Some right in every unit: sees every unit's saved logo. */
let viewer: string;

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  imager = await tokenWith(['BUSINESS_UNIT_IMAGE'], [unit.id]);
  viewer = await tokenWith(['PRODUCT_READ'], 'all');
});
afterAll(() => ctx.close());

async function tokenWith(rights: AccessRight[], units: number[] | 'all') {
  return tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
}

const upload = (token: string | undefined, id: number, data: Buffer, name = 'logo.png', type = 'image/png', field = 'logo') =>
  as(ctx.app, token)({ method: 'POST', url: `/api/business-units/${id}/logo`, ...multipart(field, name, type, data) });
const fetchLogo = (id: number, token: string | null = viewer) =>
  as(ctx.app, token ?? undefined)({ method: 'GET', url: `/api/business-units/${id}/logo` });
const storedKey = async (id: number) => (await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, id)))[0].logoKey;

describe('POST /api/business-units/{id}/logo', () => {
  it('answers 401, and 403 without the right or with it only in another unit', async () => {
    expect((await upload(undefined, unit.id, tinyPng())).statusCode).toBe(401);
    expect((await upload(await tokenWith(['LAYOUT_MANAGE'], [unit.id]), unit.id, tinyPng())).statusCode).toBe(403);
    expect((await upload(await tokenWith(['BUSINESS_UNIT_IMAGE'], [other.id]), unit.id, tinyPng())).statusCode).toBe(403);
    expect(await storedKey(unit.id)).toBeNull();
  });

  it('stores the manufacturer-wide logo of unit 0 (decision 0028), and answers 404 for a missing unit', async () => {
    const everywhere = await tokenWith(['BUSINESS_UNIT_IMAGE'], 'all');
    expect((await upload(everywhere, 0, tinyPng())).statusCode).toBe(200);
    expect((await fetchLogo(0)).statusCode).toBe(200);
    expect((await upload(everywhere, 999999, tinyPng())).statusCode).toBe(404);
  });

  it('refuses a text file renamed .png, a missing field, a JSON body and an oversized file, storing nothing', async () => {
    const text = await upload(imager, unit.id, Buffer.from('plain text, not a picture'), 'renamed.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('error.notAnImage');
    const html = await upload(imager, unit.id, Buffer.from('<html><script>alert(1)</script></html>'), 'page.svg', 'image/svg+xml');
    expect(html.json().message).toBe('error.notAnImage');
    const wrongField = await upload(imager, unit.id, tinyPng(), 'logo.png', 'image/png', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fieldErrors).toEqual([{ objectName: 'multipart', field: 'logo', message: 'NotNull' }]);
    const json = await as(ctx.app, imager)({ method: 'POST', url: `/api/business-units/${unit.id}/logo`, payload: { logo: 'x' } });
    expect(json.statusCode).toBe(415);
    const big = await upload(imager, unit.id, Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]));
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().message).toBe('error.fileTooLarge');
    expect(await storedKey(unit.id)).toBeNull();
    expect((await fetchLogo(unit.id)).statusCode).toBe(404);
  });

  it('stores a PNG, then a JPEG in its place (the old object is deleted), and audits', async () => {
    const png = await upload(imager, unit.id, tinyPng());
    expect(png.statusCode).toBe(200);
    expect(png.headers['x-vellum-alert']).toBe('vellumApp.businessUnit.updated');
    expect(decodeURIComponent(String(png.headers['x-vellum-params']))).toBe(png.json().displayName);
    const pngUrl = png.json().logoUrl as string;
    expect(pngUrl).toMatch(new RegExp(`^/api/business-units/${unit.id}/logo\\?v=\\w+$`));
    const firstKey = await storedKey(unit.id);
    const got = await as(ctx.app, viewer)({ method: 'GET', url: pngUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(tinyPng())).toBe(true);

    const jpeg = await upload(imager, unit.id, tinyJpeg(), 'logo.jpeg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().logoUrl).not.toBe(pngUrl);
    expect(await ctx.app.deps.files.get(firstKey!)).toBeUndefined();
    const gotJpeg = await fetchLogo(unit.id);
    expect(gotJpeg.headers['content-type']).toBe('image/jpeg');
    expect(gotJpeg.rawPayload.equals(tinyJpeg())).toBe(true);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessUnitId, unit.id), eq(auditLog.action, 'LOGO')));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entityName: 'business-unit', entityId: String(unit.id) });
  });

  it('stores an SVG without its script, event handlers or external references', async () => {
    const res = await upload(imager, unit.id, Buffer.from(HOSTILE_SVG), 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    const got = await fetchLogo(unit.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(got.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(got.body).toContain('<rect');
    expect(got.body).not.toMatch(/<script|alert|onload|onclick|javascript:|evil\.example|@import/i);
  });

  it('deleting the unit deletes its logo object', async () => {
    const doomed = await makeBusinessUnit(ctx.db);
    const token = await tokenWith(['BUSINESS_UNIT_IMAGE', 'BUSINESS_UNIT_DELETE'], 'all');
    expect((await upload(token, doomed.id, tinyPng())).statusCode).toBe(200);
    const key = await storedKey(doomed.id);
    expect(await ctx.app.deps.files.get(key!)).toBeDefined();
    expect((await as(ctx.app, token)({ method: 'DELETE', url: `/api/business-units/${doomed.id}` })).statusCode).toBe(204);
    expect(await ctx.app.deps.files.get(key!)).toBeUndefined();
    expect((await fetchLogo(doomed.id)).statusCode).toBe(404);
  });
});

describe('GET /api/business-units/{id}/logo', () => {
  it('is for signed-in users with a right in the unit only (decision 0050): 401 without a token, 403 from another unit', async () => {
    const shown = await makeBusinessUnit(ctx.db);
    expect((await upload(await tokenWith(['BUSINESS_UNIT_IMAGE'], [shown.id]), shown.id, tinyPng())).statusCode).toBe(200);
    const anonymous = await fetchLogo(shown.id, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect((await fetchLogo(shown.id, await tokenWith(['PRODUCT_READ'], [other.id]))).statusCode).toBe(403);
    const got = await fetchLogo(shown.id, await tokenWith(['TRANSLATION'], [shown.id]));
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("shows unit 0's logo, which every unit without its own inherits, to any signed-in user", async () => {
    expect((await upload(await tokenWith(['BUSINESS_UNIT_IMAGE'], 'all'), 0, tinyPng())).statusCode).toBe(200);
    expect((await fetchLogo(0, null)).statusCode).toBe(401);
    expect((await fetchLogo(0, await tokenWith(['PRODUCT_READ'], [other.id]))).statusCode).toBe(200);
  });

  it('answers 404 without a logo and for a missing unit', async () => {
    const bare = await makeBusinessUnit(ctx.db);
    expect((await fetchLogo(bare.id)).statusCode).toBe(404);
    expect((await fetchLogo(999999)).statusCode).toBe(404);
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, manufacturer } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights, setManufacturer } from '../../factories/organisation-factories.js';
import { HOSTILE_SVG, multipart, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let manager: string;
let reader: string;
let nobody: string;
let unitManager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await setManufacturer(ctx.db, { name: 'Acme Medical' });
  const unit = await makeBusinessUnit(ctx.db);
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE'], [0])).id);
  reader = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_READ'], [0])).id);
  nobody = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ'], [0])).id);
  // the manufacturer is global: the right held in a business unit does not count
  unitManager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ'], [unit.id])).id);
});
afterAll(() => ctx.close());

const call = (token: string | undefined) => as(ctx.app, token);

async function currentSettings() {
  const res = await call(manager)({ method: 'GET', url: '/api/manufacturer/own/settings' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function lastAudit() {
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'manufacturer')).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

const settingsBody = (s: Record<string, unknown>, over: Record<string, unknown> = {}) => {
  const { softwareVersion: _, ...rest } = s;
  return { ...rest, ...over };
};

describe('GET /api/manufacturer/own', () => {
  it('answers 401 without a token and 403 without the right, also when held only in a business unit', async () => {
    expect((await call(undefined)({ method: 'GET', url: '/api/manufacturer/own' })).statusCode).toBe(401);
    expect((await call(nobody)({ method: 'GET', url: '/api/manufacturer/own' })).statusCode).toBe(403);
    expect((await call(unitManager)({ method: 'GET', url: '/api/manufacturer/own' })).statusCode).toBe(403);
  });

  it('answers the manufacturer to readers and managers', async () => {
    for (const token of [reader, manager]) {
      const res = await call(token)({ method: 'GET', url: '/api/manufacturer/own' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 1,
        name: 'Acme Medical',
        logoUrl: null,
        settings: { softwareVersion: ctx.config.version, authenticationMechanism: 'USERNAME_PASSWORD' },
      });
    }
  });
});

describe('manufacturer name', () => {
  it('GET is public and says that no logo is stored (logoUrl null)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Acme Medical', logoUrl: null });
  });

  it('PUT answers 401, 403 (also from a business unit) and 400 for a blank name with nothing stored', async () => {
    const put = (token: string | undefined, name: unknown) =>
      call(token)({ method: 'PUT', url: '/api/manufacturer/own/name', payload: { name } });
    expect((await put(undefined, 'X')).statusCode).toBe(401);
    expect((await put(reader, 'X')).statusCode).toBe(403);
    expect((await put(unitManager, 'X')).statusCode).toBe(403);
    const blank = await put(manager, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('error.validation');
    expect((await put(manager, 'x'.repeat(51))).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(manufacturer);
    expect(row.name).toBe('Acme Medical');
  });

  it('PUT renames, alerts and audits', async () => {
    const res = await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/name', payload: { name: 'Acme Health' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Acme Health');
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.manufacturer.updated');
    expect(await lastAudit()).toMatchObject({
      action: 'UPDATE',
      entityId: '1',
      businessUnitId: null,
      changes: { name: { from: 'Acme Medical', to: 'Acme Health' } },
    });
    await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/name', payload: { name: 'Acme Medical' } });
  });
});

describe('manufacturer settings', () => {
  it('GET answers 401 and 403 (also from a business unit); readers may read', async () => {
    expect((await call(undefined)({ method: 'GET', url: '/api/manufacturer/own/settings' })).statusCode).toBe(401);
    expect((await call(nobody)({ method: 'GET', url: '/api/manufacturer/own/settings' })).statusCode).toBe(403);
    expect((await call(unitManager)({ method: 'GET', url: '/api/manufacturer/own/settings' })).statusCode).toBe(403);
    const res = await call(reader)({ method: 'GET', url: '/api/manufacturer/own/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maxLoginAttempts: 5,
      passwordValidityDays: 0,
      oldPasswordsCount: 3,
      softwareVersion: ctx.config.version,
    });
  });

  it('PUT answers 401, and 403 to readers and business-unit holders', async () => {
    const body = settingsBody(await currentSettings());
    expect((await call(undefined)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: body })).statusCode).toBe(401);
    expect((await call(reader)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: body })).statusCode).toBe(403);
    expect((await call(unitManager)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: body })).statusCode).toBe(403);
  });

  it('PUT refuses out-of-range numbers and a non-http URL, storing nothing', async () => {
    const s = await currentSettings();
    for (const over of [
      { maxLoginAttempts: 0 },
      { passwordValidityDays: -1 },
      { oldPasswordsCount: 1 },
      { publicWebsiteUrl: 'javascript:alert(1)' },
      { authenticationMechanism: 'MAGIC' },
    ]) {
      const res = await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: settingsBody(s, over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('error.validation');
      expect(res.json().fieldErrors[0].field).toBe(Object.keys(over)[0]);
    }
    expect(await currentSettings()).toEqual(s);
  });

  it('PUT refuses single sign-on while it is not configured', async () => {
    const s = await currentSettings();
    for (const over of [{ authenticationMechanism: 'IMPLICIT_FLOW' }, { authenticationMechanismAdmin: 'AUTHORIZATION_CODE_FLOW' }]) {
      const res = await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: settingsBody(s, over) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.manufacturer.ssoNotConfigured', fieldErrors: [{ field: Object.keys(over)[0] }] });
    }
    expect(await currentSettings()).toEqual(s);
  });

  it('PUT stores the settings, increments the version, audits, and answers 409 to a stale version', async () => {
    const s = await currentSettings();
    const body = settingsBody(s, {
      maxLoginAttempts: 7,
      passwordValidityDays: 90,
      oldPasswordsCount: 2,
      globalSearch: true,
      worldWidePublicWebsite: true,
      patientBusinessUnitSearch: true,
      validationRecordsActive: true,
      publicWebsiteUrl: 'https://ifu.acme.example',
    });
    const res = await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.manufacturer.updated');
    expect(res.json()).toMatchObject({ ...body, version: s.version + 1, softwareVersion: ctx.config.version });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'SETTINGS', login: expect.any(String) });
    expect(entry.changes).toMatchObject({ maxLoginAttempts: { from: 5, to: 7 }, globalSearch: { from: false, to: true } });

    const stale = await call(manager)({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: { ...body, maxLoginAttempts: 9 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await currentSettings()).maxLoginAttempts).toBe(7);
  });

  it('public-website-url answers the configured address to any signed-in user, 401 without a token', async () => {
    expect((await call(undefined)({ method: 'GET', url: '/api/manufacturer/own/public-website-url' })).statusCode).toBe(401);
    const res = await call(nobody)({ method: 'GET', url: '/api/manufacturer/own/public-website-url' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://ifu.acme.example' });
    await setManufacturer(ctx.db, { publicWebsiteUrl: null });
    const fallback = await call(nobody)({ method: 'GET', url: '/api/manufacturer/own/public-website-url' });
    expect(fallback.json()).toEqual({ url: `${ctx.config.publicUrl}/site` });
  });

  it('authentication-mechanism is public, with ?admin=true for the admin one', async () => {
    await setManufacturer(ctx.db, { authenticationMechanism: 'USERNAME_PASSWORD', authenticationMechanismAdmin: 'IMPLICIT_FLOW' });
    const user = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/authentication-mechanism' });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ authenticationMechanism: 'USERNAME_PASSWORD' });
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/authentication-mechanism?admin=true' });
    expect(admin.json()).toEqual({ authenticationMechanism: 'IMPLICIT_FLOW' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/authentication-mechanism?admin=maybe' })).statusCode).toBe(
      400,
    );
    await setManufacturer(ctx.db, { authenticationMechanismAdmin: 'USERNAME_PASSWORD' });
  });
});

describe('GET /api/manufacturer/own/features', () => {
  it('answers 401 without a token and the switches (nothing else) to any signed-in user', async () => {
    expect((await call(undefined)({ method: 'GET', url: '/api/manufacturer/own/features' })).statusCode).toBe(401);
    await setManufacturer(ctx.db, {
      worldWidePublicWebsite: false,
      validationRecordsActive: false,
      patientBusinessUnitSearch: true,
      globalSearch: true,
    });
    const res = await call(nobody)({ method: 'GET', url: '/api/manufacturer/own/features' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      worldWidePublicWebsite: false,
      patientBusinessUnitSearch: true,
      globalSearch: true,
      validationRecordsActive: false,
      authenticationMechanism: 'USERNAME_PASSWORD',
    });
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: false, globalSearch: false });
  });
});

describe('manufacturer logo and audience images', () => {
  const uploadLogo = (token: string | undefined, data: Buffer, name = 'logo.png', type = 'image/png', field = 'logo') =>
    call(token)({ method: 'POST', url: '/api/manufacturer/own/logo', ...multipart(field, name, type, data) });
  const uploadAudience = (token: string | undefined, audience: string, data: Buffer, name = 'hcp.png', type = 'image/png') =>
    call(token)({
      method: 'PUT',
      url: `/api/manufacturer/own/audience-image?audience=${audience}`,
      ...multipart('image', name, type, data),
    });

  it('GET logo answers 404 while none is stored', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/logo' });
    expect(res.statusCode).toBe(404);
  });

  it('POST logo answers 401 and 403 (also from a business unit)', async () => {
    expect((await uploadLogo(undefined, tinyPng())).statusCode).toBe(401);
    expect((await uploadLogo(reader, tinyPng())).statusCode).toBe(403);
    expect((await uploadLogo(unitManager, tinyPng())).statusCode).toBe(403);
  });

  it('POST logo refuses a text file named .png, a missing field and an oversized file, storing nothing', async () => {
    const text = await uploadLogo(manager, Buffer.from('this is not an image'), 'logo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('error.notAnImage');
    const missing = await uploadLogo(manager, tinyPng(), 'logo.png', 'image/png', 'file');
    expect(missing.statusCode).toBe(400);
    const big = await uploadLogo(manager, Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().message).toBe('error.fileTooLarge');
    const [row] = await ctx.db.select().from(manufacturer);
    expect(row.logoKey).toBeNull();
  });

  it('POST logo stores a PNG that the public GET serves; a JPEG replaces it; the URL changes', async () => {
    const res = await uploadLogo(manager, tinyPng());
    expect(res.statusCode).toBe(200);
    const firstUrl = res.json().logoUrl as string;
    expect(firstUrl).toMatch(/^\/api\/manufacturer\/own\/logo\?v=\w+$/);
    expect((await lastAudit()).action).toBe('LOGO');
    // the public name carries the same URL, so the top bar knows there is a logo before asking for it
    const named = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/name' });
    expect(named.json()).toEqual({ name: 'Acme Medical', logoUrl: firstUrl });
    const got = await ctx.app.inject({ method: 'GET', url: firstUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(tinyPng())).toBe(true);
    const [before] = await ctx.db.select().from(manufacturer);

    const jpeg = await uploadLogo(manager, tinyJpeg(), 'logo.jpg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().logoUrl).not.toBe(firstUrl);
    const renamed = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/name' });
    expect(renamed.json().logoUrl).toBe(jpeg.json().logoUrl);
    expect(await ctx.app.deps.files.get(before.logoKey!)).toBeUndefined();
    const again = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/logo' });
    expect(again.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts a 4 MB image (above the JSON body limit, below the 5 MB upload limit)', async () => {
    const res = await uploadLogo(manager, Buffer.concat([tinyPng(), Buffer.alloc(4 * 1024 * 1024)]));
    expect(res.statusCode).toBe(200);
  });

  it('an SVG logo is stored without script, handlers or external references and served with a CSP', async () => {
    const res = await uploadLogo(manager, Buffer.from(HOSTILE_SVG), 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    const got = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/logo' });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(got.body).toContain('<svg');
    expect(got.body).not.toMatch(/<script|onload|onclick|javascript:|evil\.example/i);
  });

  it('PUT audience-image answers 401, 403, 400 for a bad audience, then stores per audience', async () => {
    expect((await uploadAudience(undefined, 'HCP', tinyPng())).statusCode).toBe(401);
    expect((await uploadAudience(reader, 'HCP', tinyPng())).statusCode).toBe(403);
    expect((await uploadAudience(manager, 'DOCTOR', tinyPng())).statusCode).toBe(400);
    expect((await call(reader)({ method: 'GET', url: '/api/manufacturer/own/audience-image?audience=HCP' })).statusCode).toBe(404);
    expect((await call(reader)({ method: 'GET', url: '/api/manufacturer/own/audience-image' })).statusCode).toBe(400);

    const hcp = await uploadAudience(manager, 'HCP', tinyPng());
    expect(hcp.statusCode).toBe(200);
    expect(hcp.json().audienceImageHcpUrl).toMatch(/^\/api\/manufacturer\/own\/audience-image\?audience=HCP&v=\w+$/);
    expect(hcp.json().audienceImagePatientUrl).toBeNull();
    const patient = await uploadAudience(manager, 'PATIENT', tinyJpeg(), 'p.jpg', 'image/jpeg');
    expect(patient.statusCode).toBe(200);
    const got = await call(reader)({ method: 'GET', url: '/api/manufacturer/own/audience-image?audience=PATIENT' });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const hcpGot = await call(manager)({ method: 'GET', url: '/api/manufacturer/own/audience-image?audience=HCP' });
    expect(hcpGot.headers['content-type']).toBe('image/png');
  });

  it('GET audience-image is for the readers of the manufacturer settings only (decision 0050): 401 without a token, 403 without the right', async () => {
    const url = '/api/manufacturer/own/audience-image?audience=HCP';
    const anonymous = await call(undefined)({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect((await call(nobody)({ method: 'GET', url })).statusCode).toBe(403);
    expect((await call(unitManager)({ method: 'GET', url })).statusCode).toBe(403);
    const got = await call(reader)({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-cache');
  });

  it('GET logo stays public: the sign-in page shows it before anyone signs in', async () => {
    const got = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/logo' });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('public, no-cache');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUserGroup, publicUserGroupDocument } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { API_AUDIENCE, type CustomerProvider, SYSTEM_CLIENT_ID, startCustomerProvider } from './customer-api.test-support.js';

/**
 * The customer API (decision 0076): the provider's client-credentials access tokens checked
 * (signature by the provider's key set, issuer, audience, expiry), the CUSTOMER_API configuration
 * switched on, and only what the live publication shows everyone: published products, documents
 * open to everyone with their public versions and working download URLs.
 */
let ctx: TestContext;
let op: CustomerProvider;
let manager: string;
let staff: string;
const s = {} as {
  unitId: number;
  otherUnitId: number;
  productId: number;
  draftProductId: number;
  bytes: Buffer;
  restrictedVersionId: number;
};
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
const future = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
const V1 = '/api/public/v1';

const call = (token: string | undefined, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

async function saveConfig(over: Record<string, unknown> = {}) {
  const admin = as(ctx.app, manager);
  const configs = (await admin({ method: 'GET', url: '/api/manufacturer/own/sso-configs' })).json() as { kind: string; version: number }[];
  const version = configs.find((c) => c.kind === 'CUSTOMER_API')?.version ?? 0;
  const res = await admin({
    method: 'PUT',
    url: '/api/manufacturer/own/sso-configs',
    payload: [{ kind: 'CUSTOMER_API', domain: op.issuer, clientId: API_AUDIENCE, enabled: true, version, ...over }],
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  op = await startCustomerProvider();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { publicUserGroupActive: true });
  s.unitId = unit.id;
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, {});
  const product = await makeProduct(db, type, { keyCode: 'KC-API-1', publishDate: past });
  s.productId = product.id;
  const scheduled = await makeProduct(db, type, { keyCode: 'KC-API-LATER', publishDate: future });
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const open = await makeDocument(db, unit.id, docType.id, { number: 'IFU-1', name: 'Instructions' }, { productIds: [product.id] });
  const secret = await makeDocument(db, unit.id, docType.id, { number: 'SVC-1', name: 'Service manual' }, { productIds: [product.id] });
  s.bytes = Buffer.from('%PDF-1.7\ninstructions of the customer API test');
  const put = () => ctx.app.deps.files.put('files/customer-api-test', s.bytes, 'pdf');
  await makeDocumentFile(
    db,
    open,
    [
      { label: '1.0', versionDate: '2025-01-01', publishDate: past, binaryKey: await put() },
      { label: '2.0', versionDate: '2026-01-01', publishDate: past, binaryKey: await put() },
      { label: '3.0', versionDate: '2026-06-01', publishDate: future, binaryKey: await put() },
    ],
    { name: 'IFU file', restOfTheWorld: true },
  );
  const secretFile = await makeDocumentFile(
    db,
    secret,
    [{ label: '1.0', versionDate: '2026-01-01', publishDate: past, binaryKey: await put() }],
    {
      name: 'Secret file',
      restOfTheWorld: true,
    },
  );
  const [group] = await db
    .insert(publicUserGroup)
    .values({ businessUnitId: unit.id, name: 'Surgeons', enabled: true, emails: ['member@example.com'] })
    .returning();
  await db.insert(publicUserGroupDocument).values({ publicUserGroupId: group.id, documentId: secret.id });
  await publishAsIs(db, unit.id);
  s.restrictedVersionId = (await ctx.db.query.fileVersion.findFirst({ where: (v, { eq }) => eq(v.fileId, secretFile.id) }))?.id ?? 0;
  // made after the publish: a draft the API never shows
  s.draftProductId = (await makeProduct(db, type, { keyCode: 'KC-API-DRAFT', publishDate: past })).id;
  expect(scheduled.id).toBeGreaterThan(0);
  // a unit never published
  s.otherUnitId = (await makeBusinessUnit(db, {})).id;
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE'], [0])).id);
  staff = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE', 'MANUFACTURER_MANAGE'], 'all')).id);
});
afterAll(async () => {
  await op?.close();
  await ctx?.close();
});

describe('the customer API', () => {
  it('answers 403 to everybody while the CUSTOMER_API configuration is not enabled', async () => {
    const token = await op.clientCredentialsToken();
    const res = await call(token, `${V1}/units`);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBe('error.customerApi.notEnabled');
  });

  it('answers 401 with a Bearer challenge without a token, with a malformed one, and with a Vellum session token', async () => {
    await saveConfig();
    for (const token of [undefined, 'not-a-jwt', staff]) {
      const res = await call(token, `${V1}/units/${s.unitId}/products`);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().message).toBe('error.customerApi.invalidToken');
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    const basic = await call(undefined, `${V1}/units`, { authorization: 'Basic Zm9vOmJhcg==' });
    expect(basic.statusCode).toBe(401);
  });

  it('refuses a token for another audience, signed by another key, expired, of another issuer, or without expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await op.signToken({ aud: 'another-api' }),
      await op.signToken({}, true),
      await op.signToken({ iat: now - 3600, exp: now - 600 }),
      await op.signToken({ iss: 'http://127.0.0.1:1' }),
      await op.signToken({ exp: undefined }),
    ];
    for (const token of refused) {
      const res = await call(token, `${V1}/units/${s.unitId}/products`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.customerApi.invalidToken');
    }
    // the same claims, signed by the provider's own key, pass
    expect((await call(await op.signToken(), `${V1}/units`)).statusCode).toBe(200);
  });

  it('lists the live units and the published products of one, as {items, pageable}', async () => {
    const token = await op.clientCredentialsToken();
    const units = await call(token, `${V1}/units`);
    expect(units.statusCode).toBe(200);
    expect(units.json()).toContainEqual(expect.objectContaining({ businessUnitId: s.unitId }));
    expect(units.json().some((u: { businessUnitId: number }) => u.businessUnitId === s.otherUnitId)).toBe(false);
    expect(units.headers['x-total-count']).toBe(String(units.json().length));

    const res = await call(token, `${V1}/units/${s.unitId}/products?page=0&size=10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((p: { keyCode: string }) => p.keyCode)).toEqual(['KC-API-1']);
    expect(body.items[0]).toMatchObject({ productId: s.productId, keyCode: 'KC-API-1', attributes: [] });
    expect(body.pageable).toEqual({ pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 1 });
    const byKey = await call(token, `${V1}/units/${s.unitId}/products?keyCode=kc-api-1`);
    expect(byKey.json().items).toHaveLength(1);
    const none = await call(token, `${V1}/units/${s.unitId}/products?keyCode=KC-API-DRAFT`);
    expect(none.json()).toEqual({ items: [], pageable: { pageNumber: 0, pageSize: 10, totalPages: 0, totalElements: 0 } });
    const past = await call(token, `${V1}/units/${s.unitId}/products?page=3`);
    expect(past.json().pageable.totalElements).toBe(1);
  });

  it('answers a product’s open documents with their public versions and a download URL that works', async () => {
    const token = await op.clientCredentialsToken();
    const res = await call(token, `${V1}/units/${s.unitId}/products/${s.productId}/documents`);
    expect(res.statusCode).toBe(200);
    const documents = res.json();
    expect(documents.map((d: { number: string }) => d.number)).toEqual(['IFU-1']);
    expect(res.headers['x-total-count']).toBe('1');
    const [file] = documents[0].files;
    expect(file).toMatchObject({ name: 'IFU file', restOfTheWorld: true });
    expect(file.versions.map((v: { label: string }) => v.label)).toEqual(['2.0', '1.0']);
    const download = await call(token, file.versions[0].downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(s.bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    // without the token, the download URL is refused too
    expect((await call(undefined, file.versions[0].downloadUrl)).statusCode).toBe(401);
  });

  it('answers 404 for a restricted version, a draft or unknown product, and a unit without a live site', async () => {
    const token = await op.clientCredentialsToken();
    for (const url of [
      `${V1}/units/${s.unitId}/file-versions/${s.restrictedVersionId}/download`,
      `${V1}/units/${s.unitId}/products/${s.draftProductId}/documents`,
      `${V1}/units/${s.unitId}/products/2147483647/documents`,
      `${V1}/units/${s.otherUnitId}/products`,
      `${V1}/units/2147483647/products`,
    ]) {
      const res = await call(token, url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers 400 to a malformed id or page once the token passed, and nothing before it', async () => {
    const token = await op.clientCredentialsToken();
    expect((await call(token, `${V1}/units/abc/products`)).statusCode).toBe(400);
    expect((await call(token, `${V1}/units/${s.unitId}/products?size=0`)).statusCode).toBe(400);
    expect((await call(token, `${V1}/units/${s.unitId}/products?keyCode=${'x'.repeat(300)}`)).statusCode).toBe(400);
    expect((await call(undefined, `${V1}/units/abc/products`)).statusCode).toBe(401);
  });

  it('answers 403 again once the configuration is disabled, and names the client in nothing it answers', async () => {
    const token = await op.clientCredentialsToken();
    await saveConfig({ enabled: false });
    const res = await call(token, `${V1}/units`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(SYSTEM_CLIENT_ID);
  });

  it('is described in the OpenAPI document with its own security scheme', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.customerApiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/public/v1/units/{businessUnitId}/products'].get.security).toEqual([{ customerApiToken: [] }]);
  });
});

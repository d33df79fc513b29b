import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEmailLink } from '../../db/schema/index.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import {
  insertDocument,
  insertProduct,
  insertPublication,
  insertVersion,
  makeUnit,
  site,
} from '../public-read/public-read.test-support.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { SEARCHES_PER_MINUTE } from './site-limits.js';

/**
 * The document search page (decision 0045) over publications written directly: off (404), open
 * (by the fields documentSearchVisualisation gives), restricted to the document search access
 * e-mails, restricted documents left out, and the same page in a signed-in user's preview.
 */
let ctx: TestContext;
const SEARCHER = 'searcher@example.com';
const MEMBER = 'member@example.com';

/** A unit published with the given settings: product P-1 with documents IFU-100 (attributes), IFU-200 and the restricted SECRET-300. */
async function unitWith(settings: Partial<PublishedSite['unit']['settings']>) {
  const unit = await makeUnit(ctx.db);
  const published = site(
    unit.id,
    unit.slug,
    {
      documentAttributeDefinitions: [
        { id: 5, name: 'Model', slug: 'model', searchType: 'SEARCHABLE_PARTIAL', visualizationOrder: 1 },
        { id: 6, name: 'Region', slug: 'region', searchType: 'SEARCHABLE_DROPDOWN', visualizationOrder: 2 },
        { id: 7, name: 'Internal', slug: 'internal', searchType: 'NOT_VISIBLE', visualizationOrder: 3 },
      ],
      restrictedGroups: [{ id: 9, name: 'Surgeons', enabled: true, emails: [MEMBER] }],
      documentSearchEmails: [SEARCHER, MEMBER],
    },
    { documentSearch: true, documentAttribute: true, publicUserGroupActive: true, ...settings },
  );
  const id = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: published });
  await insertProduct(ctx.db, id, { productId: 1, keyCode: 'P-1' });
  await insertDocument(ctx.db, id, {
    documentId: 10,
    productIds: [1],
    number: 'IFU-100',
    attributes: [
      { attributeDefinitionId: 5, value: 'Alpha Pump' },
      { attributeDefinitionId: 6, value: 'Europe' },
      { attributeDefinitionId: 7, value: 'hidden-value' },
    ],
  });
  await insertDocument(ctx.db, id, { documentId: 20, productIds: [1], number: 'IFU-200' });
  await insertDocument(ctx.db, id, {
    documentId: 30,
    productIds: [1],
    number: 'SECRET-300',
    restrictedGroupIds: [9],
    attributes: [{ attributeDefinitionId: 6, value: 'Secret region' }],
  });
  await insertDocument(ctx.db, id, { documentId: 40, productIds: [], number: 'IFU-ORPHAN' });
  for (const documentId of [10, 20, 30, 40])
    await insertVersion(ctx.db, id, { fileVersionId: documentId * 10, fileId: documentId, documentId });
  return { unit, publicationId: id, base: `/site/${unit.slug}/be/en/hcp/_documents` };
}

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A verified cookie for an address of the unit, through a link row written here. */
async function cookieFor(unitId: number, slug: string, address: string) {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(siteEmailLink).values({
    businessUnitId: unitId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    email: address,
    returnTo: `/site/${slug}`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/site/${slug}/_access/${token}`,
    payload: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(303);
  return String(res.headers['set-cookie']).split(';')[0];
}

const numbers = (body: string) => [...body.matchAll(/Document number: ([A-Z0-9-]+)/g)].map((m) => m[1]);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the document search', () => {
  it('is a 404 while the unit has no document search, and not linked', async () => {
    const { unit, base } = await unitWith({ documentSearch: false });
    expect((await get(base)).statusCode).toBe(404);
    expect((await get(`/site/${unit.slug}/be/en/hcp`)).body).not.toContain('_documents');
  });

  it('finds documents by one text across number, name and searchable properties, and by each field', async () => {
    const { unit, base } = await unitWith({ documentSearchVisualisation: 'ADVANCED_AND_CROSS_FIELD' });
    expect((await get(`/site/${unit.slug}/be/en/hcp`)).body).toContain(`href="${base}"`);
    const form = await get(base);
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('public, max-age=60');
    for (const name of ['q', 'number', 'name', 'd5', 'd6']) expect(form.body).toContain(`name="${name}"`);
    expect(form.body).not.toContain('name="d7"');
    // the dropdown offers the values of documents the visitor may see only
    expect(form.body).toContain('<option value="Europe">');
    expect(form.body).not.toContain('Secret region');
    expect(numbers(form.body)).toEqual([]);

    expect(numbers((await get(`${base}?q=ifu`)).body)).toEqual(['IFU-100', 'IFU-200']);
    expect(numbers((await get(`${base}?q=alpha`)).body)).toEqual(['IFU-100']);
    expect(numbers((await get(`${base}?q=hidden-value`)).body)).toEqual([]);
    expect(numbers((await get(`${base}?number=200`)).body)).toEqual(['IFU-200']);
    expect(numbers((await get(`${base}?name=document+10`)).body)).toEqual(['IFU-100']);
    expect(numbers((await get(`${base}?d5=pump`)).body)).toEqual(['IFU-100']);
    expect(numbers((await get(`${base}?d6=europe`)).body)).toEqual(['IFU-100']);
    expect(numbers((await get(`${base}?d6=eur`)).body)).toEqual([]);
    // a restricted document is not found, not even by its number; a document of no product is not either
    const secret = await get(`${base}?q=SECRET`);
    expect(secret.body).toContain('Results (0)');
    expect(numbers((await get(`${base}?q=orphan`)).body)).toEqual([]);
    // each hit lists its file with the download confirmation in its product's context
    const hit = await get(`${base}?number=IFU-100`);
    expect(hit.body).toContain(`href="/site/${unit.slug}/files/10?product=1&amp;country=be&amp;language=en&amp;audience=hcp"`);
    expect(hit.body).toContain(`href="/site/${unit.slug}/be/en/hcp/type-1/P-1"`);
    const confirm = await get(`/site/${unit.slug}/files/10?product=1&country=be&language=en&audience=hcp`);
    expect(confirm.statusCode).toBe(200);
  });

  it('shows restricted documents to a verified member of their group', async () => {
    const { unit, base } = await unitWith({});
    const cookie = await cookieFor(unit.id, unit.slug, MEMBER);
    const found = await get(`${base}?number=secret`, cookie);
    expect(numbers(found.body)).toEqual(['SECRET-300']);
    expect(found.headers['cache-control']).toBe('no-store');
    expect(found.headers.vary).toContain('Cookie');
  });

  it('offers only the fields of its visualisation', async () => {
    const cross = await unitWith({ documentSearchVisualisation: 'CROSS_FIELD' });
    const body = (await get(cross.base)).body;
    expect(body).toContain('name="q"');
    expect(body).not.toContain('name="number"');
    // a field the visualisation does not offer is ignored
    expect(numbers((await get(`${cross.base}?number=IFU-200`)).body)).toEqual(['IFU-100', 'IFU-200']);
    const advanced = await unitWith({ documentSearchVisualisation: 'ADVANCED' });
    const advancedBody = (await get(advanced.base)).body;
    expect(advancedBody).not.toContain('name="q"');
    expect(advancedBody).toContain('name="number"');
  });

  it('when restricted, shows the e-mail form until an address of the search access is verified', async () => {
    const { unit, base } = await unitWith({ documentSearchRestricted: true });
    const locked = await get(`${base}?q=ifu`);
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['x-robots-tag']).toBe('noindex');
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.body).toContain(`action="/site/${unit.slug}/_access"`);
    expect(locked.body).not.toContain('name="q"');
    expect(numbers(locked.body)).toEqual([]);
    // an address of a group but not of the search access does not open it
    const stranger = await cookieFor(unit.id, unit.slug, 'other@example.com');
    expect(numbers((await get(`${base}?q=ifu`, stranger)).body)).toEqual([]);
    const cookie = await cookieFor(unit.id, unit.slug, SEARCHER);
    const open = await get(`${base}?q=ifu`, cookie);
    expect(numbers(open.body)).toEqual(['IFU-100', 'IFU-200']);
    expect(open.headers['x-robots-tag']).toBe('noindex');
  });

  it('answers a link request for an address of the search access with a mail', async () => {
    const { unit } = await unitWith({ documentSearchRestricted: true, publicUserGroupActive: false });
    const before = ctx.mails().length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/site/${unit.slug}/_access`,
      payload: `email=${encodeURIComponent(SEARCHER)}&language=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && ctx.mails().length === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(
      ctx
        .mails()
        .slice(before)
        .some((m) => m.includes(`To: ${SEARCHER}`)),
    ).toBe(true);
  });

  it('works in a signed-in user’s preview, under the preview’s root, never cached', async () => {
    const { unit, publicationId } = await unitWith({});
    const admin = await makeUserWithRights(ctx.db, ['PUBLISH'], [unit.id]);
    const token = await tokenFor(ctx, admin.id);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/publish/preview',
      headers: { authorization: `Bearer ${token}` },
      payload: { businessUnitId: unit.id, publicationId },
    });
    expect(opened.statusCode).toBe(201);
    const enter = await get(opened.json().url);
    expect(enter.statusCode).toBe(303);
    const cookie = String(enter.headers['set-cookie']).split(';')[0];
    const base = `/site/_preview/${unit.slug}/be/en/hcp`;
    const page = await get(`${base}/_documents?q=ifu`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(numbers(page.body)).toEqual(['IFU-100', 'IFU-200']);
    expect(page.body).toContain(`href="/site/_preview/${unit.slug}/files/10?`);
    const product = await get(`${base}/type-1/P-1`, cookie);
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain(`action="/site/_preview/${unit.slug}/_access"`);
  });
});

describe('the document search’s rate limit', () => {
  it('answers the site’s own 429 page once an address searches more than a person would, and only to that address', async () => {
    const { base } = await unitWith({});
    const search = (n: number, remoteAddress = '198.51.100.17') =>
      ctx.app.inject({ method: 'GET', url: `${base}?q=NOPE-${n}`, remoteAddress });
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(i)).statusCode).toBe(200);
    const refused = await search(-1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain('<html lang="en"');
    expect(refused.body).not.toContain('IFU-100');
    // the form without a search is not counted, and another address searches on
    expect((await ctx.app.inject({ method: 'GET', url: base, remoteAddress: '198.51.100.17' })).statusCode).toBe(200);
    const other = await search(0, '198.51.100.18');
    expect(other.statusCode).toBe(200);
  });
});

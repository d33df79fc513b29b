import type { AccessRight } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDownload, fileCountry, fileLanguage, fileVersion, previewGrantUse, product, publication } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, secondServer, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion } from '../publishing/publish.fixtures.js';

/**
 * A signed-in user's preview of the public website (issue 11, decision 0042): the unpublished
 * state or any publication, on the visitors' pages under /site/_preview with a banner; never live,
 * never cached or indexed, no download counted, only while the session and the right hold.
 */
let ctx: TestContext;
const s = {} as {
  slug: string;
  unitId: number;
  draftProductId: number;
  draftKeyCode: string;
  typeSlug: string;
  fileId: number;
  versionId: number;
  bytes: Buffer;
};
type Call = ReturnType<typeof as>;
let publisher: Call;
let publisherToken: string;
let reader: Call;
let elsewhere: Call;
let nobody: Call;
let other: { id: number; slug: string };

const client = async (rights: AccessRight[], units: number[] | 'all') => {
  const user = await makeUserWithRights(ctx.db, rights, units);
  const token = await tokenFor(ctx, user.id);
  return { call: as(ctx.app, token), token };
};
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const openPreview = (call: Call, payload: Record<string, unknown>) => call({ method: 'POST', url: '/api/publish/preview', payload });

/** Opens the preview's one-time address; the cookie it sets. */
async function enter(url: string): Promise<string> {
  const res = await get(url);
  expect(res.statusCode).toBe(303);
  const cookie = String(res.headers['set-cookie']);
  expect(cookie).toMatch(new RegExp(`^site_preview=[^;]+; Path=/site/_preview/${s.slug}; Max-Age=\\d+; SameSite=Lax; HttpOnly`));
  expect(res.headers.location).toBe(`/site/_preview/${s.slug}`);
  return cookie.split(';')[0];
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
  s.slug = unit.slug;
  s.unitId = unit.id;
  other = await makeBusinessUnit(db);
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  s.typeSlug = type.slug;
  // never published: no publish date
  const draft = await makeProduct(db, type, { keyCode: 'KC-DRAFT-1' });
  s.draftProductId = draft.id;
  s.draftKeyCode = draft.keyCode;
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-P', name: 'Preview leaflet' }, { productIds: [draft.id] });
  s.bytes = Buffer.from(`%PDF-1.7 preview ${Date.now()}`);
  const key = await ctx.app.deps.files.put('files/preview-test', s.bytes, 'pdf');
  const f = await makeDocumentFile(db, doc, [{ label: '1.0', versionDate: '2026-01-01', publishDate: null, binaryKey: key }], {
    name: 'Leaflet',
    restOfTheWorld: false,
  });
  s.fileId = f.id;
  const [v] = await db.select().from(fileVersion).where(eq(fileVersion.fileId, f.id));
  s.versionId = v.id;
  await db
    .update(fileVersion)
    .set({ binaryName: 'leaflet.pdf', binarySize: s.bytes.length, mediaType: 'application/pdf' })
    .where(eq(fileVersion.id, v.id));
  await db.insert(fileCountry).values({ fileId: f.id, countryIsoCode: 'BE' });
  await db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'fr' });

  const p = await client(['PUBLISH'], [unit.id]);
  publisher = p.call;
  publisherToken = p.token;
  reader = (await client(['DOCUMENT_READ'], [unit.id])).call;
  elsewhere = (await client(['PUBLISH', 'DOCUMENT_READ'], [other.id])).call;
  nobody = (await client(['PRODUCT_MANAGE', 'DOCUMENT_MANAGE'], 'all')).call;
});
afterAll(() => ctx?.close());

describe('POST api/publish/preview', () => {
  it('needs PUBLISH or DOCUMENT_READ in the unit', async () => {
    expect((await openPreview(as(ctx.app, undefined), { businessUnitId: s.unitId })).statusCode).toBe(401);
    expect((await openPreview(nobody, { businessUnitId: s.unitId })).statusCode).toBe(403);
    expect((await openPreview(elsewhere, { businessUnitId: s.unitId })).statusCode).toBe(403);
    const res = await openPreview(reader, { businessUnitId: s.unitId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ publicationNumber: null, url: expect.stringMatching(/^\/site\/_preview\/_enter\?grant=/) });
  });

  it('refuses bad input and a publication of another unit', async () => {
    expect((await openPreview(publisher, { businessUnitId: s.unitId, publicationId: 'x' })).statusCode).toBe(400);
    expect((await openPreview(publisher, { businessUnitId: s.unitId, publicationId: 2_147_483_648 })).statusCode).toBe(400);
    // unit 0 has no site; this publisher holds no right there, which is checked first (decision 0013)
    expect((await openPreview(publisher, { businessUnitId: 0 })).statusCode).toBe(403);
    expect((await openPreview(publisher, { businessUnitId: s.unitId, publicationId: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe('a preview of the unpublished state', () => {
  let cookie: string;
  let previewId: number;
  beforeAll(async () => {
    const res = await openPreview(publisher, { businessUnitId: s.unitId });
    previewId = res.json().publicationId;
    cookie = await enter(res.json().url);
  });

  it('shows the visitors’ pages under the preview’s root with a banner, never cached nor indexed', async () => {
    const res = await get(`/site/_preview/${s.slug}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.body).toContain('class="preview-banner"');
    expect(res.body).toContain('of what the next publish would show');
    expect(res.body).toContain(`action="/site/_preview/${s.slug}"`);
    expect(res.body).toContain(`href="/site/_preview/${s.slug}/_exit"`);
    expect(res.body).not.toMatch(new RegExp(`["=]/site/${s.slug}[/"?]`));
  });

  it('includes what has no publish date yet, as a publish now would, and writes no date', async () => {
    const page = await get(`/site/_preview/${s.slug}/be/fr/hcp/${s.typeSlug}/${s.draftKeyCode}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Preview leaflet');
    expect(page.body).toContain(`/site/_preview/${s.slug}/files/${s.fileId}?`);
    const [row] = await ctx.db.select().from(product).where(eq(product.id, s.draftProductId));
    expect(row.publishDate).toBeNull();
    const [v] = await ctx.db.select().from(fileVersion).where(eq(fileVersion.id, s.versionId));
    expect(v.publishDate).toBeNull();
  });

  it('serves a file without counting a download', async () => {
    const q = `product=${s.draftProductId}&country=be&language=fr&audience=hcp`;
    const confirm = await get(`/site/_preview/${s.slug}/files/${s.fileId}?${q}`, cookie);
    expect(confirm.statusCode).toBe(200);
    const res = await get(`/site/_preview/${s.slug}/files/${s.fileId}/download?${q}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(s.bytes)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
    await ctx.app.deps.downloads.flush();
    expect(await ctx.db.select().from(documentDownload).where(eq(documentDownload.fileId, s.fileId))).toEqual([]);
  });

  it('is never live and never listed among the publications', async () => {
    expect((await get(`/site/${s.slug}`)).statusCode).toBe(404);
    const list = await publisher({ method: 'GET', url: `/api/publications?business-unit=${s.unitId}` });
    expect(list.json()).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
    expect((await publisher({ method: 'GET', url: `/api/publications/${previewId}` })).statusCode).toBe(404);
    expect((await publisher({ method: 'POST', url: `/api/publications/${previewId}/restore` })).statusCode).toBe(404);
  });

  it('answers 401 without its cookie, on another unit, with a forged or reused-as-bearer token', async () => {
    expect((await get(`/site/_preview/${s.slug}`)).statusCode).toBe(401);
    expect((await get(`/site/_preview/${other.slug}`, cookie)).statusCode).toBe(401);
    expect((await get(`/site/_preview/${s.slug}`, `${cookie}x`)).statusCode).toBe(401);
    expect((await get('/site/_preview/_enter?grant=nonsense')).statusCode).toBe(401);
    const token = decodeURIComponent(cookie.slice('site_preview='.length));
    const asBearer = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });
    expect(asBearer.statusCode).toBe(401);
    // the cookie's token is not an address to enter by
    expect((await get(`/site/_preview/_enter?grant=${encodeURIComponent(token)}`)).statusCode).toBe(401);
  });

  it('leaving forgets the cookie and goes to what visitors see', async () => {
    const res = await get(`/site/_preview/${s.slug}/_exit`, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/site/${s.slug}`);
    expect(String(res.headers['set-cookie'])).toMatch(/^site_preview=; Path=\/site\/_preview\/[^;]+; Max-Age=0/);
  });

  it('ends when its preview has ended; a later preview deletes it', async () => {
    await ctx.db
      .update(publication)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publication.id, previewId));
    expect((await get(`/site/_preview/${s.slug}`, cookie)).statusCode).toBe(401);
    await openPreview(publisher, { businessUnitId: s.unitId });
    expect(await ctx.db.select().from(publication).where(eq(publication.id, previewId))).toEqual([]);
  });
});

describe('a preview of a publication', () => {
  it('shows that publication, with its number, until the session ends', async () => {
    const published = await publisher({ method: 'POST', url: '/api/publish', payload: { businessUnitId: s.unitId } });
    expect(published.statusCode).toBe(201);
    const { id, number } = published.json();
    expect((await get(`/site/${s.slug}`)).statusCode).toBe(200);
    const link = await openPreview(reader, { businessUnitId: s.unitId, publicationId: id });
    expect(link.json()).toMatchObject({ publicationId: id, publicationNumber: number });
    const cookie = await enter(link.json().url);
    const page = await get(`/site/_preview/${s.slug}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`of publication ${number}.`);
    // the publisher's own preview ends with the publisher's session
    const own = await enter((await openPreview(publisher, { businessUnitId: s.unitId, publicationId: id })).json().url);
    expect((await get(`/site/_preview/${s.slug}`, own)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${publisherToken}` } });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(`/site/_preview/${s.slug}`, own)).statusCode).toBe(401);
    expect((await get(`/site/_preview/${s.slug}`, cookie)).statusCode).toBe(200);
  });
});

describe('the one-time address', () => {
  // (the publisher of the tests above has signed out)
  let opener: Call;
  beforeAll(async () => {
    opener = (await client(['PUBLISH'], [s.unitId])).call;
  });

  it('opens the preview once: a second use gets the site’s page and no cookie', async () => {
    const { url } = (await openPreview(opener, { businessUnitId: s.unitId })).json();
    const cookie = await enter(url);
    const again = await get(url);
    expect(again.statusCode).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain('This preview has ended');
    // the preview it opened goes on
    expect((await get(`/site/_preview/${s.slug}`, cookie)).statusCode).toBe(200);
    // a fresh address opens it again
    await enter((await openPreview(opener, { businessUnitId: s.unitId })).json().url);
  });

  it('is not used up by a refused attempt, and its record goes once it has expired', async () => {
    const { url } = (await openPreview(opener, { businessUnitId: s.unitId })).json();
    // a broken copy of the address is refused and uses nothing
    expect((await get(`${url}x`)).statusCode).toBe(401);
    await enter(url);
    await ctx.db.update(previewGrantUse).set({ expiresAt: new Date(Date.now() - 1000) });
    await enter((await openPreview(opener, { businessUnitId: s.unitId })).json().url);
    expect(await ctx.db.select().from(previewGrantUse)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the one-time address across two server processes on one PostgreSQL database', () => {
  it('opens the preview on one process only, whichever is asked first', async () => {
    const opener = (await client(['PUBLISH'], [s.unitId])).call;
    const second = await secondServer(ctx);
    try {
      const { url } = (await openPreview(opener, { businessUnitId: s.unitId })).json();
      const onB = await second.app.inject({ method: 'GET', url });
      expect(onB.statusCode).toBe(303);
      const onA = await get(url);
      expect(onA.statusCode).toBe(401);
      expect(onA.headers['set-cookie']).toBeUndefined();
      // at the same moment on both: exactly one opens it
      const next = (await openPreview(opener, { businessUnitId: s.unitId })).json().url;
      const both = await Promise.all([get(next), second.app.inject({ method: 'GET', url: next })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([303, 401]);
    } finally {
      await second.close();
    }
  });
});

describe('a unit with previews only', () => {
  it('can still be deleted: previews are not publications', async () => {
    const empty = await makeBusinessUnit(ctx.db);
    const admin = (await client(['PUBLISH', 'BUSINESS_UNIT_DELETE'], 'all')).call;
    expect((await openPreview(admin, { businessUnitId: empty.id })).statusCode).toBe(201);
    const res = await admin({ method: 'DELETE', url: `/api/business-units/${empty.id}` });
    expect(res.statusCode).toBe(204);
    const left = await ctx.db
      .select()
      .from(publication)
      .where(and(eq(publication.businessUnitId, empty.id)));
    expect(left).toEqual([]);
  });
});

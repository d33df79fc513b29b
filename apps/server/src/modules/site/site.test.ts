import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, document, documentDownload, fileCountry, fileLanguage, fileVersion } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { SITE_CSP } from './site-http.js';

/**
 * The public website's pages over a published unit: the choice and its cookie, the types, the
 * search (a single match redirects), the product with its documents, the download confirmation
 * and the binary's exact bytes, 404s, the coming-soon page, headers and caching.
 */
let ctx: TestContext;
const s = {} as {
  slug: string;
  unitId: number;
  typeSlug: string;
  productId: number;
  fileId: number;
  oldVersionId: number;
  bytes: Buffer;
  docId: number;
};

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const base = () => `/site/${s.slug}/be/fr/hcp`;
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
  s.slug = unit.slug;
  s.unitId = unit.id;
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { lotNumbers: true, keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' }, [
    { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' },
  ]);
  const a = await makeProduct(db, type, { keyCode: 'KC-<MAIN>-1', publishDate: past });
  await makeProduct(db, type, { keyCode: 'KC-OTHER-2', publishDate: past });
  s.productId = a.id;
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-9', name: 'Instructions' }, { productIds: [a.id] });
  s.docId = doc.id;
  // a real binary in the disk store: the download must give these exact bytes
  s.bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000)]);
  const key = await ctx.app.deps.files.put('files/site-test', s.bytes, 'pdf');
  const oldKey = await ctx.app.deps.files.put('files/site-test', Buffer.from('%PDF-1.4 old'), 'pdf');
  const f = await makeDocumentFile(
    db,
    doc,
    [
      { label: '1.0', versionDate: '2025-01-01', publishDate: past, binaryKey: oldKey },
      { label: '2.0', versionDate: '2026-01-01', publishDate: past, binaryKey: key },
    ],
    { name: 'Leaflet FR', restOfTheWorld: false },
  );
  s.fileId = f.id;
  const versions = await db.select().from(fileVersion).where(eq(fileVersion.fileId, f.id)).orderBy(fileVersion.versionDate);
  s.oldVersionId = versions[0].id;
  await db
    .update(fileVersion)
    .set({
      binaryName: 'leaflet-fr.pdf',
      binarySize: s.bytes.length,
      mediaType: 'application/pdf',
      sha256: createHash('sha256').update(s.bytes).digest('hex'),
    })
    .where(eq(fileVersion.id, versions[1].id));
  await db
    .update(fileVersion)
    .set({ binaryName: 'old.pdf', binarySize: 12, mediaType: 'application/pdf' })
    .where(eq(fileVersion.id, versions[0].id));
  await db.insert(fileCountry).values({ fileId: f.id, countryIsoCode: 'BE' });
  await db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'fr' });
  await publish(unit.id);
  const res = await get(`${base()}`);
  s.typeSlug = /href="\/site\/[^/]+\/be\/fr\/hcp\/([^"/?]+)"/.exec(res.body)?.[1] ?? '';
});
afterAll(() => ctx?.close());

describe('choosing country, language and audience', () => {
  it('shows the form with the countries by region, in a strict policy', async () => {
    const res = await get(`/site/${s.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(SITE_CSP);
    expect(res.body).toContain('<!doctype html><html lang="en" dir="ltr">');
    expect(res.body).toContain('Choose your country');
    expect(res.body).toContain('value="be"');
    expect(res.body).not.toMatch(/<script|style="/);
    // the patient portal is off: no patient choice
    expect(res.body).not.toContain('value="patient"');
  });

  it('remembers a valid choice in a cookie and sends the visitor on; the next visit goes straight there', async () => {
    const res = await get(`/site/${s.slug}?country=BE&language=fr&audience=hcp`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(base());
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`Path=/site/${s.slug}`);
    expect(cookie).toContain('HttpOnly');
    const again = await get(`/site/${s.slug}`, { cookie: cookie.split(';')[0] });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(base());
    // and the choice can be changed
    const change = await get(`/site/${s.slug}?change=1`, { cookie: cookie.split(';')[0] });
    expect(change.statusCode).toBe(200);
    expect(change.body).toContain('lang="fr"');
  });

  it('refuses a choice the site does not offer with the form again', async () => {
    const res = await get(`/site/${s.slug}?country=fr&language=fr&audience=patient`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose your country');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the visitor path', () => {
  it('lists the product types of the audience, cacheable with an ETag', async () => {
    const res = await get(base());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Please select a product type');
    expect(s.typeSlug).not.toBe('');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(base(), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows the search form, lists several hits, and opens a single match directly', async () => {
    const form = await get(`${base()}/${s.typeSlug}`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('name="keyCode"');
    expect(form.body).toContain('name="lot"');
    const none = await get(`${base()}/${s.typeSlug}?keyCode=NOPE`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No results');
    const all = await get(`${base()}/${s.typeSlug}?keyCode=`);
    expect(all.body).toContain('KC-OTHER-2');
    expect(all.body).toContain('KC-&lt;MAIN&gt;-1');
    const one = await get(`${base()}/${s.typeSlug}?keyCode=kc-other-2`);
    expect(one.statusCode).toBe(303);
    expect(one.headers.location).toBe(`${base()}/${s.typeSlug}/KC-OTHER-2`);
  });

  it('shows the product with its document, the current version and the previous one', async () => {
    const res = await get(`${base()}/${s.typeSlug}/${encodeURIComponent('KC-<MAIN>-1')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('KC-&lt;MAIN&gt;-1');
    expect(res.body).toContain('Instructions');
    expect(res.body).toContain('IFU-9');
    expect(res.body).toContain('Leaflet FR');
    expect(res.body).toContain('2.0');
    expect(res.body).toContain(`/site/${s.slug}/files/${s.fileId}?product=${s.productId}&amp;country=be&amp;language=fr&amp;audience=hcp`);
    expect(res.body).toContain(`version=${s.oldVersionId}`);
  });

  it('confirms a download and streams its exact bytes, with ranges', async () => {
    const q = `product=${s.productId}&country=be&language=fr&audience=hcp`;
    const confirm = await get(`/site/${s.slug}/files/${s.fileId}?${q}`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.body).toContain('Download confirmation');
    expect(confirm.body).toContain('FR');
    expect(confirm.body).toContain(`/site/${s.slug}/files/${s.fileId}/download?${q.replaceAll('&', '&amp;')}`);
    const res = await get(`/site/${s.slug}/files/${s.fileId}/download?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('leaflet-fr.pdf');
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(createHash('sha256').update(s.bytes).digest('hex'));
    const part = await get(`/site/${s.slug}/files/${s.fileId}/download?${q}`, { range: 'bytes=0-8' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString()).toBe('%PDF-1.7\n');
    // a previous version through its id
    const old = await get(`/site/${s.slug}/files/${s.fileId}/download?${q}&version=${s.oldVersionId}`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.toString()).toBe('%PDF-1.4 old');
  });

  it('records each confirmed download once, with what was downloaded and the visitor’s choice only', async () => {
    const q = `product=${s.productId}&country=be&language=fr&audience=hcp`;
    const records = async () => {
      await ctx.app.deps.downloads.flush();
      return ctx.db.select().from(documentDownload).where(eq(documentDownload.fileId, s.fileId));
    };
    const before = (await records()).length;
    expect((await get(`/site/${s.slug}/files/${s.fileId}/download?${q}`)).statusCode).toBe(200);
    // the rest of the same download, by range, and a HEAD: no new record
    expect((await get(`/site/${s.slug}/files/${s.fileId}/download?${q}`, { range: 'bytes=9-' })).statusCode).toBe(206);
    await ctx.app.inject({ method: 'HEAD', url: `/site/${s.slug}/files/${s.fileId}/download?${q}` });
    const after = await records();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ country: 'BE', language: 'fr', audience: 'HCP', fileId: s.fileId, businessUnitId: s.unitId });
  });

  it('answers 404 for a guessed file, another context or a malformed id, revealing nothing', async () => {
    const q = `product=${s.productId}&country=be&language=fr&audience=hcp`;
    for (const url of [
      `/site/${s.slug}/files/${s.fileId + 1000}?${q}`,
      // (another language is no longer another context: a document without a file in the visitor's offers the others, decision 0048)
      `/site/${s.slug}/files/${s.fileId}?product=${s.productId + 1000}&country=be&language=fr&audience=hcp`,
      `/site/${s.slug}/files/${s.fileId}`,
      `/site/${s.slug}/files/99999999999999999999/download?${q}`,
      `/site/${s.slug}/files/${s.fileId}/download?${q}&version=abc`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Page not found');
    }
  });
});

describe('pages that are not there', () => {
  it('answers a real 404 page for an unknown unit, country, language, type and product', async () => {
    for (const url of [
      '/site/no-such-unit',
      `/site/${s.slug}/de/fr/hcp`,
      `/site/${s.slug}/be/xx/hcp`,
      `/site/${s.slug}/be/fr/patient`,
      `/site/${s.slug}/BE/fr/hcp`,
      `${base()}/no-such-type`,
      `${base()}/${s.typeSlug}/NO-SUCH-PRODUCT`,
      `${base()}/${s.typeSlug}/a/b/c`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('Page not found');
    }
  });

  it('never answers 500 to hostile input', async () => {
    const hostile = ['%00', "'; drop table x;--", '%E0%A4%A', 'a'.repeat(5000), '..%2F..%2Fetc%2Fpasswd', '%F0%9F%92%A9'];
    for (const h of hostile) {
      for (const url of [
        `/site/${h}`,
        `/site/${s.slug}?country=${h}&language=${h}&audience=${h}&lang=${h}`,
        `${base()}/${h}`,
        `${base()}/${s.typeSlug}?keyCode=${h}&lot=${h}&a1=${h}&a99999999999=${h}&page=${h}`,
        `${base()}/${s.typeSlug}/${h}?lot=${h}`,
        `/site/${s.slug}/files/${h}?product=${h}&country=${h}&language=${h}&audience=${h}&version=${h}`,
        `/site/${s.slug}/media/${h}`,
        `/site/${s.slug}/resources/${h}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

describe('publishing and the site', () => {
  it('shows the search form on the product page only while showSearchOnDetailPage is on', async () => {
    const url = `${base()}/${s.typeSlug}/${encodeURIComponent('KC-<MAIN>-1')}`;
    const shown = await get(url);
    expect(shown.body).toContain('id="search-title"');
    await ctx.db.update(businessUnit).set({ showSearchOnDetailPage: false }).where(eq(businessUnit.id, s.unitId));
    await publish(s.unitId);
    const hidden = await get(url);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).toContain('Leaflet FR');
    expect(hidden.body).not.toContain('id="search-title"');
    await ctx.db.update(businessUnit).set({ showSearchOnDetailPage: true }).where(eq(businessUnit.id, s.unitId));
    await publish(s.unitId);
  });

  it('keeps showing the published document after an edit in the admin, until the next publish', async () => {
    await ctx.db.update(document).set({ name: 'Instructions, revised' }).where(eq(document.id, s.docId));
    const url = `${base()}/${s.typeSlug}/${encodeURIComponent('KC-<MAIN>-1')}`;
    const before = await get(url);
    expect(before.body).not.toContain('Instructions, revised');
    await publish(s.unitId);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    // a new publication: a new ETag, so the old copy is not reused
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Instructions, revised');
  });

  it('shows the coming-soon page (503, retry later, not indexed) for a unit inactive in its live publication', async () => {
    const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'] });
    await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
    await ctx.db.update(businessUnit).set({ active: false }).where(eq(businessUnit.id, unit.id));
    await publish(unit.id);
    for (const url of [`/site/${unit.slug}`, `/site/${unit.slug}/be/en/hcp`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Coming soon');
    }
  });

  it('serves the site, theme and unit style sheets', async () => {
    const css = await get('/site/_assets/site.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('@media print');
    const theme = await get(`/site/${s.slug}/theme.css`);
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['content-type']).toContain('text/css');
    const own = await get(`/site/${s.slug}/style.css`);
    expect(own.statusCode).toBe(200);
    const image = await get(`/site/${s.slug}/media/files/site-test/nothing.png`);
    expect(image.statusCode).toBe(404);
  });
});

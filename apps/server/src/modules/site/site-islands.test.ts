import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLanguage, product as productTable } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { createSession } from '../../platform/session.repo.js';
import { as, createTestContext, type TestContext } from '../../test/harness.js';
import { PREVIEW_SESSION } from '../publishing/preview.service.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { SITE_CSP } from './site-http.js';
import { firstLoadOf, injectGet, scriptsOf, staticImportsOf } from './site-islands.test-support.js';
import { SUGGESTIONS_PER_MINUTE } from './site-suggest.js';

/**
 * The site's small scripts (decision 0046): the markup that carries them, the built files and
 * their caching, the first-load budget of every page type, and the suggestions endpoint (partial
 * fields only, the audience's rules, two characters, ten values, nothing unpublished, preview).
 */
const FIRST_LOAD_BUDGET = 60_000;

let ctx: TestContext;
const s = {} as { slug: string; unitId: number; typeSlug: string; exactSlug: string; partialAttr: number; exactAttr: number };
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
const future = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const base = () => `/site/${s.slug}/be/en/hcp`;
const suggestUrl = (field: string, q: string, type = s.typeSlug) =>
  `${base()}/${type}/_suggest?field=${encodeURIComponent(field)}&q=${encodeURIComponent(q)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en'], interfaceLanguages: ['en'] });
  s.slug = unit.slug;
  s.unitId = unit.id;
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_PARTIAL', name: 'Catheters' }, [
    { name: 'Model', searchTypeHcp: 'SEARCHABLE_PARTIAL' },
    { name: 'Size', searchTypeHcp: 'SEARCHABLE_EXACT' },
  ]);
  s.typeSlug = type.slug;
  s.partialAttr = type.definitions[0].id;
  s.exactAttr = type.definitions[1].id;
  const a = await makeProduct(db, type, { keyCode: 'CATH-100', publishDate: past }, { [s.partialAttr]: 'Alpha', [s.exactAttr]: 'Large' });
  await makeProduct(db, type, { keyCode: 'CATH-200', publishDate: past }, { [s.partialAttr]: 'Beta', [s.exactAttr]: 'Small' });
  // never published and scheduled: neither may be suggested
  await makeProduct(db, type, { keyCode: 'CATH-DRAFT' }, { [s.partialAttr]: 'Draftmodel' });
  await makeProduct(db, type, { keyCode: 'CATH-LATER', publishDate: future }, { [s.partialAttr]: 'Latermodel' });
  const exact = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  s.exactSlug = exact.slug;
  await makeProduct(db, exact, { keyCode: 'EXACT-1', publishDate: past });
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-1', name: 'Instructions' }, { productIds: [a.id] });
  const file = await makeDocumentFile(db, doc, [{ label: '1.0', versionDate: '2026-01-01', publishDate: past, binaryKey: 'files/none' }], {
    name: 'Leaflet',
    restOfTheWorld: true,
  });
  await db.insert(fileLanguage).values({ fileId: file.id, languageIsoCode: 'en' });
  await publish(unit.id);
});
afterAll(() => ctx?.close());

describe('the scripts on the pages', () => {
  it('puts the type-ahead on partial fields and the scan button’s texts on the key code, with module scripts and no inline script', async () => {
    const res = await get(`${base()}/${s.typeSlug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`data-suggest="${base()}/${s.typeSlug}/_suggest?field=keyCode"`);
    expect(html).toContain(`data-suggest="${base()}/${s.typeSlug}/_suggest?field=a${s.partialAttr}"`);
    // the exact attribute: no suggestions
    expect(html).toMatch(new RegExp(`<input id="f-a${s.exactAttr}"(?![^>]*data-suggest)[^>]*>`));
    expect(html).toContain('data-scan="Scan"');
    expect(html).toContain('data-scan-title="Scan the code on the box"');
    const scripts = scriptsOf(html);
    expect(scripts).toHaveLength(2);
    for (const src of scripts) expect(src).toMatch(/^\/site\/_assets\/(typeahead|scan)\.[A-Z0-9]+\.js$/);
    expect(html).toMatch(/<script type="module" src="\/site\/_assets\/typeahead\.[A-Z0-9]+\.js" defer=""><\/script>/);
    // every script has a source and no body; no style attribute anywhere
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<script[^>]*><\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('style="');
  });

  it('sends the strict policy: scripts and requests only to the site itself, nothing inline', async () => {
    const res = await get(`${base()}/${s.typeSlug}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(SITE_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|\*/);
  });

  it('includes no script on pages without a search form, nor the type-ahead where no field is partial', async () => {
    for (const url of [`/site/${s.slug}?change=1`, base(), `${base()}/no-such-type`]) {
      expect(scriptsOf((await get(url)).body), url).toEqual([]);
    }
    const exact = await get(`${base()}/${s.exactSlug}`);
    expect(exact.body).not.toContain('data-suggest');
    expect(scriptsOf(exact.body)).toEqual([expect.stringMatching(/\/scan\./)]);
  });

  it('serves the built scripts immutable, gzipped when asked, and a 404 for any other name', async () => {
    const [src] = scriptsOf((await get(`${base()}/${s.typeSlug}`)).body);
    const plain = await get(src);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    const zipped = await get(src, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const again = await get(src, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    for (const url of ['/site/_assets/typeahead.js', '/site/_assets/nothing.ABC.js', '/site/_assets/%00']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('loads the camera scanner only on demand: a chunk of its own that no page names and no first load imports', async () => {
    const html = (await get(`${base()}/${s.typeSlug}`)).body;
    const scan = scriptsOf(html).find((u) => u.includes('/scan.')) as string;
    const code = (await get(scan)).body;
    const dynamic = /import\(["']\.\/(scanner\.[A-Z0-9]+\.js)["']\)/.exec(code)?.[1];
    expect(dynamic, code).toBeDefined();
    expect(staticImportsOf(scan, code)).not.toContain(`/site/_assets/${dynamic}`);
    expect(html).not.toContain('scanner.');
    const chunk = await get(`/site/_assets/${dynamic}`);
    expect(chunk.statusCode).toBe(200);
    // ZXing's DataMatrix and QR readers are in the chunk
    expect(chunk.body.length).toBeGreaterThan(50_000);
    const first = await firstLoadOf(injectGet(ctx.app), html);
    expect(first.files.some((f) => f.includes('scanner.'))).toBe(false);
  });
});

describe('the first-load budget', () => {
  it(`keeps every page type at most ${FIRST_LOAD_BUDGET / 1000} kB of gzipped JavaScript before any click`, async () => {
    const productUrl = `${base()}/${s.typeSlug}/CATH-100`;
    const productPage = await get(productUrl);
    expect(productPage.statusCode).toBe(200);
    const confirm = /href="(\/site\/[^"]+\/files\/[^"]+)"/.exec(productPage.body)?.[1]?.replaceAll('&amp;', '&');
    expect(confirm).toBeDefined();
    const pages = {
      chooser: `/site/${s.slug}?change=1`,
      types: base(),
      search: `${base()}/${s.typeSlug}`,
      results: `${base()}/${s.typeSlug}?keyCode=cath`,
      'no results': `${base()}/${s.typeSlug}?keyCode=nothing`,
      product: productUrl,
      download: confirm as string,
      'not found': `${base()}/no-such-type`,
    };
    let largest = 0;
    for (const [name, url] of Object.entries(pages)) {
      const res = await get(url);
      expect(res.statusCode, `${name}: ${url}`).toBe(name === 'not found' ? 404 : 200);
      const { files, gzipBytes } = await firstLoadOf(injectGet(ctx.app), res.body);
      expect(gzipBytes, `${name}: ${files.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
      largest = Math.max(largest, gzipBytes);
    }
    // the search page does load its scripts (the measure is not vacuous)
    expect(largest).toBeGreaterThan(500);
  });
});

describe('suggestions while typing', () => {
  it('suggests key codes with their product’s URL, and attribute values, from two characters', async () => {
    const res = await get(suggestUrl('keyCode', 'ca'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      suggestions: [
        { value: 'CATH-100', url: `${base()}/${s.typeSlug}/CATH-100` },
        { value: 'CATH-200', url: `${base()}/${s.typeSlug}/CATH-200` },
      ],
    });
    expect((await get(suggestUrl(`a${s.partialAttr}`, 'al'))).json()).toEqual({ suggestions: [{ value: 'Alpha' }] });
    expect((await get(suggestUrl('keyCode', 'c'))).json()).toEqual({ suggestions: [] });
    expect((await get(suggestUrl('keyCode', ''))).json()).toEqual({ suggestions: [] });
  });

  it('gives exact fields, unknown fields and lots none', async () => {
    for (const url of [
      suggestUrl(`a${s.exactAttr}`, 'la'),
      suggestUrl('keyCode', 'ex', s.exactSlug),
      suggestUrl('lot', 'ab'),
      suggestUrl('a99999', 'ab'),
      suggestUrl('nonsense', 'ab'),
      `${base()}/${s.typeSlug}/_suggest?q=ca`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ suggestions: [] });
    }
  });

  it('never suggests a product the public does not see: unpublished, scheduled, or only in the admin since the publish', async () => {
    expect((await get(suggestUrl('keyCode', 'cath-d'))).json()).toEqual({ suggestions: [] });
    expect((await get(suggestUrl('keyCode', 'cath-l'))).json()).toEqual({ suggestions: [] });
    expect((await get(suggestUrl(`a${s.partialAttr}`, 'dr'))).json()).toEqual({ suggestions: [] });
    // renamed in the admin after the publish: the site still suggests the published key code
    await ctx.db.update(productTable).set({ keyCode: 'CATH-RENAMED' }).where(eq(productTable.keyCode, 'CATH-200'));
    expect((await get(suggestUrl('keyCode', 'cath-r'))).json()).toEqual({ suggestions: [] });
    await ctx.db.update(productTable).set({ keyCode: 'CATH-200' }).where(eq(productTable.keyCode, 'CATH-RENAMED'));
  });

  it('answers the site’s 404 for an unknown unit, choice or type, and an audience the site does not serve', async () => {
    for (const url of [
      `/site/no-such-unit/be/en/hcp/${s.typeSlug}/_suggest?field=keyCode&q=ca`,
      `/site/${s.slug}/de/en/hcp/${s.typeSlug}/_suggest?field=keyCode&q=ca`,
      `/site/${s.slug}/be/en/patient/${s.typeSlug}/_suggest?field=keyCode&q=ca`,
      `${base()}/no-such-type/_suggest?field=keyCode&q=ca`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('is cached like the pages: public, an ETag tied to the publication and the URL', async () => {
    const res = await get(suggestUrl('keyCode', 'ca'));
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect((await get(suggestUrl('keyCode', 'ca'), { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(suggestUrl('keyCode', 'cat'), { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('never answers 500 to hostile input', async () => {
    for (const h of ['%00', '%E0%A4%A', 'a'.repeat(5000), "'%25_\\", '%F0%9F%92%A9%F0%9F%92%A9']) {
      for (const url of [
        `${base()}/${s.typeSlug}/_suggest?field=${h}&q=${h}`,
        `${base()}/${s.typeSlug}/_suggest?field=keyCode&q=${h}`,
        `${base()}/${s.typeSlug}/_suggest?field=a${h}&q=ca&q=cb`,
        `${base()}/${h}/_suggest?field=keyCode&q=ca`,
      ]) {
        expect((await get(url)).statusCode, url).toBeLessThan(500);
      }
    }
  });

  it('answers a preview from its publication, never cached', async () => {
    // a product added since the publish: the preview of the unpublished state suggests it, the visitors' site does not
    const type = { id: 0, businessUnitId: s.unitId };
    const [row] = await ctx.db.select().from(productTable).where(eq(productTable.keyCode, 'CATH-100'));
    type.id = row.productTypeId;
    await makeProduct(ctx.db, type, { keyCode: 'CATH-NEW', publishDate: past });
    const user = await makeUserWithRights(ctx.db, ['PUBLISH'], [s.unitId]);
    const session = { userId: user.id, sessionId: randomUUID() };
    const ends = new Date(Date.now() + 60 * 60 * 1000);
    await createSession(ctx.db, { id: session.sessionId, userId: user.id, expiresAt: ends, rememberMe: false });
    const api = as(ctx.app, await ctx.app.deps.tokens.sign(session, ends));
    const link = await api({ method: 'POST', url: '/api/publish/preview', payload: { businessUnitId: s.unitId } });
    expect(link.statusCode, link.body).toBe(201);
    // the preview's cookie as its one-time address sets it (site-preview.ts)
    const claims = { unit: s.unitId, publication: link.json().publicationId as number };
    const cookie = `site_preview=${encodeURIComponent(await ctx.app.deps.tokens.signFor(PREVIEW_SESSION, session, claims, ends))}`;
    const url = `/site/_preview/${s.slug}/be/en/hcp/${s.typeSlug}/_suggest?field=keyCode&q=cath-n`;
    const res = await get(url, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      suggestions: [{ value: 'CATH-NEW', url: `/site/_preview/${s.slug}/be/en/hcp/${s.typeSlug}/CATH-NEW` }],
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect((await get(suggestUrl('keyCode', 'cath-n'))).json()).toEqual({ suggestions: [] });
    // without the preview's cookie: nothing
    expect((await get(url)).statusCode).toBe(401);
  });

  it(`limits each address to ${SUGGESTIONS_PER_MINUTE} a minute`, async () => {
    const url = suggestUrl('keyCode', 'ca');
    const from = (ip: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });
    let last = 0;
    for (let i = 0; i <= SUGGESTIONS_PER_MINUTE; i++) last = (await from('10.9.8.7')).statusCode;
    expect(last).toBe(429);
    expect((await from('10.9.8.6')).statusCode).toBe(200);
  });
});

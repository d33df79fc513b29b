import { gs1CheckDigit } from '@vellum/site-views';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * GS1 Digital Link on the public website (decision 0043): a GTIN URL opens its product for the
 * remembered choice (the chooser first without one), filtered to the lot; a GTIN no longer listed
 * answers 410; a scan typed in a type's search box opens its product; sitemap.xml lists the product
 * pages of the live publication.
 */
let ctx: TestContext;
const PUBLIC = 'https://eifu.example.com';
const s = {} as { slug: string; typeSlug: string; otherTypeSlug: string };
/** A GTIN-13 key code, reached as GTIN-14 too. */
const GTIN13 = '4006381333931';
const GTIN14 = `0${GTIN13}`;
/** A product that a later publish no longer lists. */
const REMOVED = '09506000134352';
const withCheckDigit = (data: string) => `${data}${gs1CheckDigit(data)}`;
const UNKNOWN = withCheckDigit('0950600013499');
const BAD_CHECK = `${GTIN14.slice(0, 13)}${(Number(GTIN14.at(-1)) + 1) % 10}`;
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
const future = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const chosen = { cookie: 'site_choice=be.fr.hcp' };
const productUrl = (keyCode: string, lot?: string) =>
  `/site/${s.slug}/be/fr/hcp/${s.typeSlug}/${encodeURIComponent(keyCode)}${lot ? `?lot=${lot}` : ''}`;
/** The resolver redirects with 307 to absolute URLs on the public base URL (decision 0049). */
const REDIRECT = 307;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: PUBLIC });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
  s.slug = unit.slug;
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { lotNumbers: true, keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' }, [
    { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' },
  ]);
  s.typeSlug = type.slug;
  const other = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  s.otherTypeSlug = other.slug;
  await makeProduct(db, type, { keyCode: GTIN13, publishDate: past });
  await makeProduct(db, type, { keyCode: 'KC-PLAIN', publishDate: past });
  await makeProduct(db, type, { keyCode: 'KC-LATER', publishDate: future });
  const removed = await makeProduct(db, type, { keyCode: REMOVED, publishDate: past });
  await publish(unit.id);
  // a later publish no longer lists it: its GS1 URL must keep answering
  await db.delete(product).where(eq(product.id, removed.id));
  await publish(unit.id);
});
afterAll(() => ctx?.close());

describe('GS1 Digital Link', () => {
  it('opens the product of a GTIN-13 key code by its GTIN-14, with the lot, for the remembered choice', async () => {
    const res = await get(`/site/${s.slug}/01/${GTIN14}/10/LOT-1`, chosen);
    expect(res.statusCode).toBe(REDIRECT);
    expect(res.headers.location).toBe(`${PUBLIC}${productUrl(GTIN13, 'LOT-1')}`);
    // it depends on the visitor's cookie: never kept by a shared cache
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const page = await get(productUrl(GTIN13, 'LOT-1'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(GTIN13);
  });

  it('takes the GTIN in any length, and a link without a lot', async () => {
    const res = await get(`/site/${s.slug}/01/${GTIN13}`, chosen);
    expect(res.statusCode).toBe(REDIRECT);
    expect(res.headers.location).toBe(`${PUBLIC}${productUrl(GTIN13)}`);
  });

  it('takes the serial after the lot (GS1 order) and the expiry in the query, which it passes on', async () => {
    const res = await get(`/site/${s.slug}/01/${GTIN14}/10/LOT-1/21/SN-9?17=270131`, chosen);
    expect(res.statusCode).toBe(REDIRECT);
    expect(res.headers.location).toBe(`${PUBLIC}${productUrl(GTIN13, 'LOT-1')}&17=270131`);
  });

  it('keeps an encoded slash inside a lot', async () => {
    const res = await get(`/site/${s.slug}/01/${GTIN14}/10/A%2FB`, chosen);
    expect(res.statusCode).toBe(REDIRECT);
    expect(res.headers.location).toBe(`${PUBLIC}${productUrl(GTIN13)}?lot=A%2FB`);
  });

  it('answers the 400 page for a syntax error (GS1-Conformant resolver), the 404 page for a GTIN it never listed', async () => {
    for (const path of [
      `/01/${BAD_CHECK}`,
      `/01/${GTIN14}/99/X`,
      `/01/${GTIN14}/10`,
      '/01/ABC',
      `/01/${GTIN14}/10/LOT-1/17/270131`,
      `/01/${GTIN14}/21/SN-9/10/LOT-1`,
    ]) {
      const res = await get(`/site/${s.slug}${path}`, chosen);
      expect(res.statusCode, path).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This code cannot be read');
    }
    const unknown = await get(`/site/${s.slug}/01/${UNKNOWN}`, chosen);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
    expect((await get(`/site/no-such-unit/01/${GTIN14}`, chosen)).statusCode).toBe(404);
  });

  it('answers 410 for a GTIN an earlier publication listed, pointing to the manufacturer', async () => {
    for (const headers of [chosen, {}]) {
      const res = await get(`/site/${s.slug}/01/${REMOVED}/10/L1`, headers);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This product is no longer listed');
      expect(res.body).toContain(REMOVED);
      expect(res.body).toContain(`href="/site/${s.slug}?lang=`);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).not.toMatch(/<script|style="/);
    }
  });

  it('sends a visitor without a choice to the chooser, which brings them back to the product', async () => {
    const first = await get(`/site/${s.slug}/01/${GTIN14}/10/LOT-1?17=270131`);
    expect(first.statusCode).toBe(REDIRECT);
    const chooser = (first.headers.location as string).slice(PUBLIC.length);
    expect(chooser).toBe(`/site/${s.slug}?gs1=${encodeURIComponent(`/01/${GTIN14}/10/LOT-1?17=270131`)}`);
    const form = await get(chooser);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`<input type="hidden" name="gs1" value="/01/${GTIN14}/10/LOT-1?17=270131"/>`);
    // the form is sent with GET, the hidden field with it
    const sent = await get(`${chooser}&country=be&language=fr&audience=hcp`);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/site/${s.slug}/01/${GTIN14}/10/LOT-1?17=270131`);
    const cookie = String(sent.headers['set-cookie']).split(';')[0];
    const back = await get(sent.headers.location as string, { cookie });
    expect(back.statusCode).toBe(REDIRECT);
    expect(back.headers.location).toBe(`${PUBLIC}${productUrl(GTIN13, 'LOT-1')}&17=270131`);
    // a remembered choice goes straight on
    const again = await get(chooser, { cookie });
    expect(again.headers.location).toBe(`/site/${s.slug}/01/${GTIN14}/10/LOT-1?17=270131`);
  });

  it('never redirects the chooser anywhere but a GS1 link of the unit', async () => {
    for (const next of ['https://evil.example/01/09506000134352', '//evil.example', '/01/123', '/../admin']) {
      const res = await get(`/site/${s.slug}?gs1=${encodeURIComponent(next)}&country=be&language=fr&audience=hcp`);
      expect(res.statusCode, next).toBe(303);
      expect(res.headers.location).toBe(`/site/${s.slug}/be/fr/hcp`);
    }
  });
});

describe('a scan typed in the search box', () => {
  const search = (keyCode: string, type = s.typeSlug) => get(`/site/${s.slug}/be/fr/hcp/${type}?keyCode=${encodeURIComponent(keyCode)}`);

  it('opens the product of the scanned GTIN with its lot: bracketed, raw with GS, a Digital Link URL', async () => {
    for (const scan of [
      `(01)${GTIN14}(17)270131(10)LOT-1`,
      `]d201${GTIN14}1727013110LOT-1\u001d21SN`,
      `https://id.gs1.org/01/${GTIN14}/10/LOT-1`,
    ]) {
      const res = await search(scan);
      expect(res.statusCode, scan).toBe(303);
      expect(res.headers.location).toBe(productUrl(GTIN13, 'LOT-1'));
    }
  });

  it('searches as before for anything else, or a GTIN of no product of this type', async () => {
    const plain = await search('KC-PLAIN');
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(productUrl('KC-PLAIN'));
    const elsewhere = await search(`(01)${GTIN14}(10)LOT-1`, s.otherTypeSlug);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).toContain('No results');
    const unknown = await search(`(01)${UNKNOWN}`);
    expect(unknown.statusCode).toBe(200);
  });
});

describe('sitemap.xml', () => {
  it('lists every live product page in each interface language, absolute, with the publication as lastmod', async () => {
    const res = await get(`/site/${s.slug}/sitemap.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    expect(doc.documentElement.nodeName).toBe('urlset');
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    const page = (lang: string, keyCode: string) => `${PUBLIC}/site/${s.slug}/be/${lang}/hcp/${s.typeSlug}/${keyCode}`;
    expect(locs).toEqual(expect.arrayContaining([page('en', GTIN13), page('fr', GTIN13), page('en', 'KC-PLAIN'), page('fr', 'KC-PLAIN')]));
    // not the product removed by the last publish, nor a scheduled one
    expect(locs).toHaveLength(4);
    expect(res.body).not.toContain(REMOVED);
    expect(res.body).not.toContain('KC-LATER');
    const lastmod = doc.getElementsByTagName('lastmod')[0]?.textContent ?? '';
    expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
    // cached like the pages: the same ETag answers 304
    const again = await get(`/site/${s.slug}/sitemap.xml`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is not served for a preview, nor a part that does not exist', async () => {
    expect((await get(`/site/_preview/${s.slug}/sitemap.xml`)).statusCode).toBe(404);
    expect((await get(`/site/${s.slug}/sitemap.xml?part=1`)).statusCode).toBe(404);
    expect((await get(`/site/${s.slug}/sitemap.xml?part=x`)).statusCode).toBe(404);
    expect((await get('/site/no-such-unit/sitemap.xml')).statusCode).toBe(404);
  });
});

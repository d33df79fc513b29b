import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, file, fileVersion, manufacturer } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile } from '../../factories/file-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * The visitor's path (issue 19, decision 0048): a product page with its documents first and
 * every file as a clear action; the chooser's first guess from the browser's languages; a
 * document without a file in the visitor's language says so and offers the others by name; an
 * unknown lot shows the files for all lots with a note; "Change country or language" comes back
 * to the same product; skip link and language names.
 */
let ctx: TestContext;
const s = {} as {
  slug: string;
  unitId: number;
  typeSlug: string;
  frFileId: number;
  nlFileId: number;
  worldFileId: number;
  productId: number;
};
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
const PDF = Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n');

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const publish = () => publishAsIs(ctx.db, s.unitId);
const productUrl = (choice = 'be/en/hcp', query = '') => `/site/${s.slug}/${choice}/${s.typeSlug}/KC-NURSE${query}`;
const dom = (html: string) => new JSDOM(html).window.document;
/** Text as it reads, every kind of space as one (the runtime's number formats use no-break spaces). */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** The page's main text as seen (what only assistive technology hears left out). */
function mainText(html: string): string {
  const main = dom(html).querySelector('main');
  for (const hidden of main?.querySelectorAll('.visually-hidden') ?? []) hidden.remove();
  return spaced(main?.textContent);
}

/** A file of the document with a published PDF binary, for the countries (none: rest of the world) and languages. */
async function pdfFile(doc: { id: number; businessUnitId: number }, name: string, countryIds: string[], languageIds: string[]) {
  const f = await makeFile(ctx.db, doc, { name, countryIds, languageIds, publishDate: past });
  if (countryIds.length === 0) await ctx.db.update(file).set({ restOfTheWorld: true }).where(eq(file.id, f.id));
  const key = await ctx.app.deps.files.put('files/visitor-test', PDF, 'pdf');
  await ctx.db
    .update(fileVersion)
    .set({
      binaryKey: key,
      // a PDF polyglot uploaded under an HTML name: it is saved as what its content is
      binaryName: `${name.toLowerCase().replaceAll(' ', '-')}.html`,
      binarySize: 1_234_567,
      mediaType: 'application/pdf',
      sha256: createHash('sha256').update(PDF).digest('hex'),
    })
    .where(eq(fileVersion.id, f.versionId));
  return f;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  await db.update(manufacturer).set({ patientBusinessUnitSearch: true });
  const unit = await makeBusinessUnit(db, {
    documentLanguages: ['en', 'fr', 'nl', 'de'],
    interfaceLanguages: ['en', 'fr', 'nl'],
  });
  s.slug = unit.slug;
  s.unitId = unit.id;
  await makeInterfaceRegion(db, unit.id, ['BE', 'NL', 'LU', 'DK']);
  const type = await makeProductType(
    db,
    unit.id,
    { lotNumbers: true, keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT', keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' },
    [
      { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' },
      { name: 'Model', searchTypeHcp: 'VISIBLE', searchTypePatient: 'VISIBLE' },
    ],
  );
  s.typeSlug = type.slug;
  const model = type.definitions.find((d) => d.name === 'Model');
  const nurse = await makeProduct(db, type, { keyCode: 'KC-NURSE', publishDate: past }, model ? { [model.id]: 'Cathéter 7F' } : {});
  s.productId = nurse.id;
  await makeLotRange(db, type, [nurse.id], { numbers: ['LOT-OK'] });
  await makeProduct(db, type, { keyCode: 'KC-EMPTY', publishDate: past });
  const ifu = await makeDocumentType(db, unit.id, { hcp: true, patient: true, name: 'IFU' });
  // Belgium: a leaflet in French and in Dutch, none in English; a German one for the rest of the world
  const leaflet = await makeDocument(db, unit.id, ifu.id, { number: 'IFU-1', name: 'Patient leaflet' }, { productIds: [nurse.id] });
  s.frFileId = (await pdfFile(leaflet, 'Notice FR', ['BE'], ['fr'])).id;
  s.nlFileId = (await pdfFile(leaflet, 'Bijsluiter NL', ['BE'], ['nl'])).id;
  s.worldFileId = (await pdfFile(leaflet, 'Beipackzettel', [], ['de'])).id;
  // and an English quick guide for Belgium
  const guide = await makeDocument(db, unit.id, ifu.id, { number: 'QG-1', name: 'Quick guide' }, { productIds: [nurse.id] });
  await pdfFile(guide, 'Quick guide EN', ['BE'], ['en']);
  await publish();
});
afterAll(() => ctx?.close());

describe('the product page', () => {
  it('shows the documents first, each file as a clear action with its language by name, size, version and date', async () => {
    const res = await get(productUrl('be/fr/hcp'));
    expect(res.statusCode, res.body).toBe(200);
    const doc = dom(res.body);
    const main = doc.querySelector('main');
    const action = main?.querySelector(`a.file__link[href*="/files/${s.frFileId}?"]`);
    expect(action?.textContent).toBe('Download PDF: Notice FR (Français)');
    // the language by name, never its code; the size and date in the page's language
    expect(spaced(action?.closest('li')?.querySelector('.file__meta')?.textContent)).toBe(
      'Notice FR · Français · 1,2 Mo · Version 1.0 · 1 janvier 2026',
    );
    // documents before the product's attributes
    const html = main?.innerHTML ?? '';
    expect(html.indexOf('file__link')).toBeGreaterThan(-1);
    expect(html.indexOf('file__link')).toBeLessThan(html.indexOf('Cathéter 7F'));
    // the paper copy of each file, named for assistive technology
    expect(main?.querySelector(`a[href*="/files/${s.frFileId}/paper-copy"]`)?.textContent).toBe('Request a free paper copy: Notice FR');
  });

  it('folds the search into "Search another product" while showSearchOnDetailPage is on, offers none when off', async () => {
    const shown = dom((await get(productUrl())).body);
    const details = shown.querySelector('details.search-another');
    expect(details?.hasAttribute('open')).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Search another product');
    expect(details?.querySelector('form input[name="keyCode"]')).not.toBeNull();
    // nothing of the search comes before the first document
    const main = shown.querySelector('main')?.innerHTML ?? '';
    expect(main.indexOf('search-another')).toBeGreaterThan(main.indexOf('file__link'));
    await ctx.db.update(businessUnit).set({ showSearchOnDetailPage: false }).where(eq(businessUnit.id, s.unitId));
    await publish();
    const hidden = dom((await get(productUrl())).body);
    expect(hidden.querySelector('details.search-another')).toBeNull();
    expect(hidden.querySelector('.file__link')).not.toBeNull();
    await ctx.db.update(businessUnit).set({ showSearchOnDetailPage: true }).where(eq(businessUnit.id, s.unitId));
    await publish();
  });

  it('starts with a skip link to the main content, and names languages, never codes', async () => {
    const doc = dom((await get(productUrl())).body);
    const first = doc.querySelector('a, button, input, select, summary');
    expect(first?.textContent).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main');
    expect(doc.querySelector('main')?.id).toBe('main');
    expect(doc.querySelector('.site-header__choice')?.textContent).toContain('Belgium · English');
  });
});

describe('a document without a file in the visitor language', () => {
  it('says so in words and offers the files of the country in the other languages, never "No results"', async () => {
    const res = await get(productUrl());
    expect(res.statusCode).toBe(200);
    const text = mainText(res.body);
    expect(text).not.toContain('No results');
    expect(text).toContain('Not available in English.');
    expect(text).toContain('Available in: Français, Nederlands');
    const doc = dom(res.body);
    const offered = [...doc.querySelectorAll('a.document__language')].map((a) => a.getAttribute('href'));
    expect(offered).toEqual([
      `/site/${s.slug}/files/${s.frFileId}?product=${s.productId}&country=be&language=en&audience=hcp`,
      `/site/${s.slug}/files/${s.nlFileId}?product=${s.productId}&country=be&language=en&audience=hcp`,
    ]);
    // the rest of the world's file stays out while the country has its own; the English guide is as usual
    expect(text).not.toContain('Beipackzettel');
    expect(text).toContain('Quick guide EN');
    expect(text.match(/Not available in English/g)).toHaveLength(1);
    // the French file opens for the English visitor: confirmation, then the binary
    const confirm = await get(offered[0] as string);
    expect(confirm.statusCode).toBe(200);
    expect(mainText(confirm.body)).toContain('Français');
    const binary = await get(`/site/${s.slug}/files/${s.frFileId}/download?product=${s.productId}&country=be&language=en&audience=hcp`);
    expect(binary.statusCode).toBe(200);
    expect(binary.rawPayload.equals(PDF)).toBe(true);
  });

  it('adds the rest of the world files with alwaysShowWorldwideFilesActive; a country without its own files gets them', async () => {
    await ctx.db.update(businessUnit).set({ alwaysShowWorldwideFilesActive: true }).where(eq(businessUnit.id, s.unitId));
    await publish();
    expect(mainText((await get(productUrl())).body)).toContain('Available in: Français, Nederlands, Deutsch');
    await ctx.db.update(businessUnit).set({ alwaysShowWorldwideFilesActive: false }).where(eq(businessUnit.id, s.unitId));
    await publish();
    // Luxembourg has no file of its own: the world's German file, said to be in German
    const lu = mainText((await get(productUrl('lu/en/hcp'))).body);
    expect(lu).toContain('Available in: Deutsch');
    expect(lu).not.toContain('Notice FR');
  });

  it('VERSION keeps the latest file per language when showing the other languages', async () => {
    await ctx.db.update(businessUnit).set({ latestVersionVisualisationOption: 'VERSION' }).where(eq(businessUnit.id, s.unitId));
    await publish();
    expect(mainText((await get(productUrl())).body)).toContain('Available in: Français, Nederlands');
    await ctx.db.update(businessUnit).set({ latestVersionVisualisationOption: 'COUNTRY_LANGUAGE' }).where(eq(businessUnit.id, s.unitId));
    await publish();
  });

  it('says in words when a product has no document for the country', async () => {
    const empty = await get(`/site/${s.slug}/be/en/hcp/${s.typeSlug}/KC-EMPTY`);
    expect(empty.statusCode).toBe(200);
    expect(mainText(empty.body)).toContain('There are no documents for this product in Belgium yet.');
    expect(mainText(empty.body)).not.toContain('No results');
  });
});

describe('lots', () => {
  it('an unknown lot shows the files for all lots with a note; a known one without it', async () => {
    const unknown = await get(productUrl('be/fr/hcp', '?lot=NO-SUCH-LOT'));
    expect(unknown.statusCode).toBe(200);
    expect(mainText(unknown.body)).toContain('Lot NO-SUCH-LOT was not found. The documents below apply to all lots.');
    expect(mainText(unknown.body)).toContain('Notice FR');
    const known = await get(productUrl('be/fr/hcp', '?lot=lot-ok'));
    expect(mainText(known.body)).not.toContain('was not found');
    expect(mainText(known.body)).toContain('Notice FR');
  });
});

describe('the chooser', () => {
  const selected = (html: string, id: string) => dom(html).querySelector<HTMLSelectElement>(`#${id}`)?.value ?? '';

  it('pre-selects the language from Accept-Language (q-values, regional variants) and writes the page in it', async () => {
    const res = await get(`/site/${s.slug}`, { 'accept-language': 'de-CH;q=0.9, fr-BE;q=0.95, en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr"');
    expect(selected(res.body, 'language')).toBe('fr');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(selected((await get(`/site/${s.slug}`, { 'accept-language': 'es, nl;q=0.3' })).body, 'language')).toBe('nl');
    // nothing the site offers: its first language
    expect(selected((await get(`/site/${s.slug}`, { 'accept-language': '*, ja' })).body, 'language')).toBe('en');
  });

  it('pre-selects the country a region subtag names, or that only the language points to', async () => {
    const country = async (header: string) => selected((await get(`/site/${s.slug}`, { 'accept-language': header })).body, 'country');
    expect(await country('nl-BE')).toBe('be');
    expect(await country('en-GB, en;q=0.9, da;q=0.5')).toBe('dk');
    // English is no country's language here, French is Belgium's and Luxembourg's, France is not offered
    expect(await country('en')).toBe('');
    expect(await country('fr')).toBe('');
    expect(await country('fr-FR, fr;q=0.9')).toBe('');
    // no language shown as a code: the options are names
    const options = [...dom((await get(`/site/${s.slug}`)).body).querySelectorAll('#language option')].map((o) => o.textContent);
    expect(options).toEqual(['English', 'Français', 'Nederlands']);
  });

  it('never lets a header break the page', async () => {
    for (const header of ['', ';;;,,,', 'x'.repeat(5000), 'fr;q=abc', 'fr;q=2, nl;q=-1', 'zh-Hant-TW', `${'a,'.repeat(500)}fr`]) {
      const res = await get(`/site/${s.slug}`, { 'accept-language': header });
      expect(res.statusCode, header).toBe(200);
    }
  });
});

describe('"Change country or language"', () => {
  it('comes back to the same product and lot in the new choice', async () => {
    const page = dom((await get(productUrl('be/en/hcp', '?lot=LOT-OK'))).body);
    const change = page.querySelector('a.site-header__change');
    expect(change?.textContent).toBe('Change country or language');
    const href = change?.getAttribute('href') ?? '';
    expect(href).toBe(`/site/${s.slug}?change=1&lang=en&from=${encodeURIComponent(`/be/en/hcp/${s.typeSlug}/KC-NURSE?lot=LOT-OK`)}`);
    const form = await get(href, { cookie: 'site_choice=be.en.hcp' });
    expect(form.statusCode).toBe(200);
    const from = dom(form.body).querySelector<HTMLInputElement>('input[name="from"]')?.value;
    expect(from).toBe(`/be/en/hcp/${s.typeSlug}/KC-NURSE?lot=LOT-OK`);
    const chosen = await get(`/site/${s.slug}?from=${encodeURIComponent(from ?? '')}&country=nl&language=nl&audience=patient`);
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(productUrl('nl/nl/patient', '?lot=LOT-OK'));
  });

  it('goes to the type search with the key code filled in when the product is not there, to the types when the type is not', async () => {
    const to = async (from: string) =>
      (await get(`/site/${s.slug}?from=${encodeURIComponent(from)}&country=be&language=fr&audience=hcp`)).headers.location;
    expect(await to(`/nl/nl/hcp/${s.typeSlug}/KC-GONE`)).toBe(`/site/${s.slug}/be/fr/hcp/${s.typeSlug}?keyCode=KC-GONE`);
    expect(await to(`/nl/nl/hcp/${s.typeSlug}`)).toBe(`/site/${s.slug}/be/fr/hcp/${s.typeSlug}`);
    expect(await to('/nl/nl/hcp/no-such-type/KC-NURSE')).toBe(`/site/${s.slug}/be/fr/hcp`);
  });

  it('only ever leads under the site root, whatever `from` says', async () => {
    for (const from of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/../../api/x',
      '/%00/%00/%00/%00/%00',
      '/a/b',
      'x'.repeat(300),
    ]) {
      const res = await get(`/site/${s.slug}?from=${encodeURIComponent(from)}&country=be&language=fr&audience=hcp`);
      expect(res.statusCode, from).toBe(303);
      expect(res.headers.location, from).toBe(`/site/${s.slug}/be/fr/hcp`);
    }
    const form = await get(`/site/${s.slug}?change=1&from=${encodeURIComponent('//evil.example/x')}`);
    expect(form.body).not.toContain('evil.example');
  });

  it('from a download confirmation, comes back to its product', async () => {
    const page = dom((await get(`/site/${s.slug}/files/${s.frFileId}?product=${s.productId}&country=be&language=fr&audience=hcp`)).body);
    expect(page.querySelector('a.site-header__change')?.getAttribute('href')).toContain(
      `from=${encodeURIComponent(`/be/fr/hcp/${s.typeSlug}/KC-NURSE`)}`,
    );
  });
});

describe('downloads', () => {
  it('saves a file under a name whose extension follows its type', async () => {
    const q = `product=${s.productId}&country=be&language=fr&audience=hcp`;
    const res = await get(`/site/${s.slug}/files/${s.frFileId}/download?${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename=notice-fr.pdf');
    const confirm = dom((await get(`/site/${s.slug}/files/${s.frFileId}?${q}`)).body);
    expect(confirm.querySelector('a[href*="/download?"]')?.getAttribute('download')).toBe('notice-fr.pdf');
  });
});

describe('/site alone', () => {
  it('sends the visitor to the only published site, lists several, and leaves out inactive and unpublished units', async () => {
    const only = await get('/site');
    expect(only.statusCode).toBe(303);
    expect(only.headers.location).toBe(`/site/${s.slug}`);
    const second = await makeBusinessUnit(ctx.db, { displayName: 'Alpha <Surgical>' });
    await makeInterfaceRegion(ctx.db, second.id, ['BE']);
    await publishAsIs(ctx.db, second.id);
    const closed = await makeBusinessUnit(ctx.db, { displayName: 'Closed unit' });
    await makeInterfaceRegion(ctx.db, closed.id, ['BE']);
    await ctx.db.update(businessUnit).set({ active: false }).where(eq(businessUnit.id, closed.id));
    await publishAsIs(ctx.db, closed.id);
    const never = await makeBusinessUnit(ctx.db, { displayName: 'Never published' });
    const list = await get('/site');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    const links = [...dom(list.body).querySelectorAll('main a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Alpha <Surgical>', `/site/${second.slug}`],
      [`Unit ${s.slug}`, `/site/${s.slug}`],
    ]);
    // a unit never published: the site's 404, with the way back to /site
    const missing = await get(`/site/${never.slug}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(dom(missing.body).querySelector('main a[href="/site"]')?.textContent).toBe('All our websites');
  });
});

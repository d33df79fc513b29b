import type { AccessRight, SitemapEntry } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { csvCell } from './sitemap.service.js';

/**
 * administration → sitemap's API (decision 0043): the live publication's products and documents
 * with the URL a label prints, and the EUDAMED export; DOCUMENT_SITEMAP in the unit.
 */
let ctx: TestContext;
const PUBLIC = 'https://eifu.example.com';
const s = {} as { unitId: number; otherId: number; slug: string; typeSlug: string; reader: string };
const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
const GTIN13 = '4006381333931';

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);
const tokenWith = async (rights: AccessRight[], units: number[]) => tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: PUBLIC });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en'], interfaceLanguages: ['en', 'fr'] });
  const other = await makeBusinessUnit(db);
  Object.assign(s, { unitId: unit.id, otherId: other.id, slug: unit.slug });
  await makeInterfaceRegion(db, unit.id, ['BE', 'NL']);
  const type = await makeProductType(db, unit.id, { name: 'Stents, coated', keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  s.typeSlug = type.slug;
  const gtin = await makeProduct(db, type, { keyCode: GTIN13, publishDate: past });
  await makeProduct(db, type, { keyCode: 'KC-PLAIN', publishDate: past });
  // digits of a GTIN's length with a wrong check digit: no UDI-DI
  await makeProduct(db, type, { keyCode: '4006381333932', publishDate: past });
  // never published: not in the sitemap
  await makeProduct(db, type, { keyCode: 'KC-DRAFT', publishDate: null });
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-1', name: 'Instructions' }, { productIds: [gtin.id] });
  const key = await ctx.app.deps.files.put('files/sitemap-test', Buffer.from('%PDF-1.7 sitemap'), 'pdf');
  await makeDocumentFile(db, doc, [{ label: '1.0', versionDate: '2026-01-01', publishDate: past, binaryKey: key }]);
  await publish(unit.id);
  s.reader = await tokenWith(['DOCUMENT_SITEMAP'], [unit.id]);
});
afterAll(() => ctx?.close());

describe('GET api/sitemap', () => {
  const url = (q = '') => `/api/sitemap?business-unit=${s.unitId}${q}`;

  it('answers 401 without a token, 403 without the right or with it only in another unit', async () => {
    expect((await get(undefined, url())).statusCode).toBe(401);
    expect((await get(await tokenWith(['DOCUMENT_READ', 'DOCUMENT_DOWNLOADS'], [s.unitId]), url())).statusCode).toBe(403);
    expect((await get(await tokenWith(['DOCUMENT_SITEMAP'], [s.otherId]), url())).statusCode).toBe(403);
  });

  it('refuses bad input with problem+json', async () => {
    for (const q of ['&size=0', '&page=-1', '&size=abc', `&search=${'x'.repeat(101)}`]) {
      const res = await get(s.reader, url(q));
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await get(s.reader, '/api/sitemap')).statusCode).toBe(400);
  });

  it('lists the live products (key-code order) then documents, with their label URLs', async () => {
    const res = await get(s.reader, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const items = res.json() as SitemapEntry[];
    expect(items.map((i) => [i.kind, i.keyCode ?? i.documentNumber])).toEqual([
      ['PRODUCT', '4006381333931'],
      ['PRODUCT', '4006381333932'],
      ['PRODUCT', 'KC-PLAIN'],
      ['DOCUMENT', 'IFU-1'],
    ]);
    const [gtin, badCheck, plain, doc] = items;
    expect(gtin).toMatchObject({
      productTypeName: 'Stents, coated',
      udiDi: `0${GTIN13}`,
      url: `${PUBLIC}/site/${s.slug}/01/0${GTIN13}`,
      persistent: true,
      elementString: `(01)0${GTIN13}`,
    });
    // without a GTIN: the product's persistent URL by id, through the visitor's choice (decision 0049)
    expect(badCheck).toMatchObject({
      udiDi: null,
      url: `${PUBLIC}/site/${s.slug}/p/${badCheck.id}`,
      persistent: true,
      elementString: null,
    });
    expect(plain).toMatchObject({ udiDi: null, url: `${PUBLIC}/site/${s.slug}/p/${plain.id}`, persistent: true });
    // a document: the label URL of its first product
    expect(doc).toMatchObject({ documentName: 'Instructions', url: gtin.url, persistent: true, keyCode: null });
  });

  it('pages and searches', async () => {
    const second = await get(s.reader, url('&page=1&size=2'));
    expect(second.headers['x-total-count']).toBe('4');
    expect((second.json() as SitemapEntry[]).map((i) => i.keyCode ?? i.documentNumber)).toEqual(['KC-PLAIN', 'IFU-1']);
    const found = await get(s.reader, url('&search=instr'));
    expect(found.headers['x-total-count']).toBe('1');
    expect((found.json() as SitemapEntry[])[0].kind).toBe('DOCUMENT');
    // LIKE wildcards are taken literally
    expect((await get(s.reader, url('&search=%25'))).headers['x-total-count']).toBe('0');
    expect((await get(s.reader, url('&page=9'))).json()).toEqual([]);
  });

  it('is empty for a unit never published', async () => {
    const res = await get(await tokenWith(['DOCUMENT_SITEMAP'], [s.otherId]), `/api/sitemap?business-unit=${s.otherId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });
});

describe('GET api/sitemap/eudamed.csv', () => {
  const url = () => `/api/sitemap/eudamed.csv?business-unit=${s.unitId}`;

  it('needs DOCUMENT_SITEMAP in the unit', async () => {
    expect((await get(undefined, url())).statusCode).toBe(401);
    expect((await get(await tokenWith(['DOCUMENT_SITEMAP'], [s.otherId]), url())).statusCode).toBe(403);
    expect((await get(s.reader, '/api/sitemap/eudamed.csv?business-unit=x')).statusCode).toBe(400);
  });

  it('exports the UDI-DI and persistent URL of each live product with a valid GTIN, quoted, as an attachment', async () => {
    const res = await get(s.reader, url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="eudamed-${s.slug}.csv"`);
    expect(res.body).toBe(
      `UDI-DI,Persistent URL,Key code,Product type\r\n0${GTIN13},${PUBLIC}/site/${s.slug}/01/0${GTIN13},${GTIN13},"Stents, coated"\r\n`,
    );
  });

  it('quotes cells per RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileCountry, fileLanguage, fileVersion, product, productType } from '../../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../../factories/document-factories.js';
import { makeBusinessUnit } from '../../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../../publishing/publish.fixtures.js';

/**
 * The GS1-conformant resolver (decision 0049) over a published unit: linksets by Accept and by
 * linkType, link types followed to the visitor's file, the chooser first without a choice, 300,
 * 404 and 400, the query passed on, HEAD, OPTIONS and CORS, the description files, compressed
 * links, AI 235, the convenience names, broken escapes, a bound host, and the persistent URL of a
 * product without a GTIN surviving a change of its type's slug. Cases of GS1's resolver test suite
 * are named where they come from it.
 */
let ctx: TestContext;
const PUBLIC = 'https://eifu.example.com';
const slug = `resolver-${Date.now().toString(36)}`;
const HOST = `ifu.${slug}.example`;
const GTIN13 = '4006381333931';
const GTIN14 = `0${GTIN13}`;
const s = {} as { typeSlug: string; plainId: number; typeId: number; ifuFileId: number; epilFileId: number; epilBytes: Buffer };

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const chosen = { cookie: 'site_choice=be.fr.hcp' };
const jsonAccept = { accept: 'application/linkset+json' };
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const dl = (path: string) => `/site/${slug}${path}`;
const productPage = (keyCode: string, lot?: string, typeSlug = s.typeSlug) =>
  `${PUBLIC}/site/${slug}/be/fr/hcp/${typeSlug}/${encodeURIComponent(keyCode)}${lot ? `?lot=${lot}` : ''}`;
const download = (fileId: number, productId: number) =>
  `${PUBLIC}/site/${slug}/files/${fileId}/download?product=${productId}&country=be&language=fr&audience=hcp`;
let gtinProductId = 0;

async function fileOf(doc: { id: number; businessUnitId: number }, name: string, bytes?: Buffer) {
  const key = bytes ? await ctx.app.deps.files.put('files/resolver-test', bytes, 'pdf') : `files/resolver-test/${name}.pdf`;
  const f = await makeDocumentFile(
    ctx.db,
    doc,
    [{ label: '1.0', versionDate: '2026-01-01', publishDate: new Date(Date.now() - 86_400_000), binaryKey: key }],
    {
      name,
      restOfTheWorld: false,
    },
  );
  await ctx.db
    .update(fileVersion)
    .set({
      binaryName: `${name}.pdf`,
      binarySize: bytes?.length ?? 10,
      mediaType: 'application/pdf',
      sha256: createHash('sha256')
        .update(bytes ?? name)
        .digest('hex'),
    })
    .where(eq(fileVersion.fileId, f.id));
  await ctx.db.insert(fileCountry).values({ fileId: f.id, countryIsoCode: 'BE' });
  await ctx.db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'fr' });
  return f;
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: PUBLIC, SITE_HOSTS: `${HOST}=${slug}` });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, {
    slug,
    displayName: 'Cardiology',
    documentLanguages: ['en', 'fr'],
    interfaceLanguages: ['en', 'fr'],
  });
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { name: 'Catheters', lotNumbers: true, keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  s.typeSlug = type.slug;
  s.typeId = type.id;
  const past = new Date(Date.now() - 86_400_000);
  const gtin = await makeProduct(db, type, { keyCode: GTIN13, publishDate: past });
  gtinProductId = gtin.id;
  const plain = await makeProduct(db, type, { keyCode: 'KC-PLAIN', publishDate: past });
  s.plainId = plain.id;
  const ifuType = await makeDocumentType(db, unit.id, { name: 'Instructions for use', sortNumber: 1 });
  const leafletType = await makeDocumentType(db, unit.id, { name: 'Leaflet', sortNumber: 2, linkType: 'gs1:epil' });
  const safetyType = await makeDocumentType(db, unit.id, { name: 'Safety', sortNumber: 3, linkType: 'gs1:safetyInfo' });
  const products = { productIds: [gtin.id, plain.id] };
  const ifu = await makeDocument(db, unit.id, ifuType.id, { number: 'IFU-1', name: 'Instructions for use' }, products);
  s.ifuFileId = (await fileOf(ifu, "Mode d'emploi")).id;
  s.epilBytes = Buffer.from('%PDF-1.7\nthe patient leaflet');
  const leaflet = await makeDocument(db, unit.id, leafletType.id, { number: 'PIL-1', name: 'Patient leaflet' }, products);
  s.epilFileId = (await fileOf(leaflet, 'Notice', s.epilBytes)).id;
  for (const n of [1, 2]) {
    const doc = await makeDocument(db, unit.id, safetyType.id, { number: `SAF-${n}`, name: `Safety notice ${n}` }, products);
    await fileOf(doc, `Avis ${n}`);
  }
  await publishAsIs(db, unit.id);
});
afterAll(() => ctx?.close());

describe('linksets (RFC 9264)', () => {
  it('answers the linkset for Accept: application/linkset+json, in the visitor’s context, with a Link to its JSON-LD context', async () => {
    const res = await get(dl(`/01/${GTIN14}`), { ...chosen, ...jsonAccept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/linkset+json; charset=utf-8');
    expect(res.headers.link).toContain(
      '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"',
    );
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const { linkset } = res.json();
    expect(linkset).toHaveLength(1);
    const item = linkset[0];
    expect(item.anchor).toBe(`${PUBLIC}/site/${slug}/01/${GTIN14}`);
    expect(item.itemDescription).toBe(`Catheters ${GTIN13}`);
    expect(item['https://gs1.org/voc/defaultLink']).toEqual([{ href: productPage(GTIN13), title: `Catheters ${GTIN13}` }]);
    expect(item['https://gs1.org/voc/pip']).toEqual([
      { href: productPage(GTIN13), title: `Catheters ${GTIN13}`, hreflang: ['fr'], type: 'text/html' },
    ]);
    expect(item['https://gs1.org/voc/instructions']).toEqual([
      {
        href: download(s.ifuFileId, gtinProductId),
        title: "Instructions for use — Mode d'emploi",
        hreflang: ['fr'],
        type: 'application/pdf',
      },
    ]);
    expect(item['https://gs1.org/voc/epil']).toEqual([
      { href: download(s.epilFileId, gtinProductId), title: 'Patient leaflet — Notice', hreflang: ['fr'], type: 'application/pdf' },
    ]);
    expect(item['https://gs1.org/voc/safetyInfo']).toHaveLength(2);
  });

  it('answers it for ?linkType=linkset and ?linkType=all, as JSON to an application and as a page to a browser (or no Accept)', async () => {
    const json = await get(dl(`/01/${GTIN14}`), { ...chosen, ...jsonAccept });
    for (const linkType of ['linkset', 'all']) {
      const res = await get(dl(`/01/${GTIN14}?linkType=${linkType}`), { ...chosen, accept: 'application/json' });
      expect(res.statusCode, linkType).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual(json.json());
      for (const headers of [browser, {}]) {
        const page = await get(dl(`/01/${GTIN14}?linkType=${linkType}`), { ...chosen, ...headers });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('What this website offers for this product');
        expect(page.body).toContain(
          `<a href="${download(s.epilFileId, gtinProductId).replaceAll('&', '&amp;')}">Patient leaflet — Notice</a>`,
        );
        expect(page.body).toContain('Patient information leaflet');
        expect(page.body).not.toMatch(/<script|style="/);
      }
    }
  });

  it('embeds the JSON-LD context for application/ld+json', async () => {
    const res = await get(dl(`/01/${GTIN14}?linkType=linkset`), { ...chosen, accept: 'application/ld+json' });
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.json()['@context']).toBe('https://ref.gs1.org/standards/resolver/linkset-context');
  });

  it('without a choice: the site’s default context, each link through the chooser, and the default link where the resolver redirects', async () => {
    const res = await get(dl(`/01/${GTIN14}`), jsonAccept);
    const item = res.json().linkset[0];
    const chooser = (q: string) => `${PUBLIC}/site/${slug}?gs1=${encodeURIComponent(q)}`;
    expect(item['https://gs1.org/voc/defaultLink']).toEqual([{ href: chooser(`/01/${GTIN14}`), title: `Catheters ${GTIN13}` }]);
    expect(item['https://gs1.org/voc/epil'][0].href).toBe(chooser(`/01/${GTIN14}?linkType=gs1:epil`));
    // GS1's test suite: the default link is where a plain request redirects
    const plain = await get(dl(`/01/${GTIN14}`));
    expect(plain.headers.location).toBe(item['https://gs1.org/voc/defaultLink'][0].href);
    // and a link type's link where a request for it redirects
    expect((await get(dl(`/01/${GTIN14}?linkType=gs1:epil`))).headers.location).toBe(item['https://gs1.org/voc/epil'][0].href);
  });
});

describe('link types', () => {
  it('redirects ?linkType=gs1:epil (or its full URI) to the visitor’s file, with a Link to the linkset, and the file is there', async () => {
    for (const linkType of ['gs1:epil', 'https://gs1.org/voc/epil', 'https://ref.gs1.org/voc/epil']) {
      const res = await get(dl(`/01/${GTIN14}?linkType=${encodeURIComponent(linkType)}`), chosen);
      expect(res.statusCode, linkType).toBe(307);
      expect(res.headers.location).toBe(download(s.epilFileId, gtinProductId));
      expect(res.headers.link).toBe(
        `<${PUBLIC}/site/${slug}/01/${GTIN14}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
      );
    }
    const file = await get((download(s.epilFileId, gtinProductId) as string).slice(PUBLIC.length));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(s.epilBytes)).toBe(true);
  });

  it('answers 404 for a link type it does not hold (GS1’s test suite: gs1:nosuchlt), listing the links it has', async () => {
    for (const headers of [chosen, {}]) {
      for (const linkType of ['gs1:nosuchlt', 'epil', 'schema:manual']) {
        const res = await get(dl(`/01/${GTIN14}?linkType=${encodeURIComponent(linkType)}`), headers);
        expect(res.statusCode, linkType).toBe(404);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.body).toContain('No document of this kind');
      }
    }
    expect((await get(dl(`/01/${GTIN14}?linkType=gs1:smpc`), chosen)).statusCode).toBe(404);
  });

  it('offers the choice (300) when several links of the type answer alike', async () => {
    const res = await get(dl(`/01/${GTIN14}?linkType=gs1:safetyInfo`), chosen);
    expect(res.statusCode).toBe(300);
    expect(res.body).toContain('Choose a document');
    expect(res.body).toContain('Safety notice 1 — Avis 1');
    expect(res.body).toContain('Safety notice 2 — Avis 2');
    expect(res.body).not.toContain('Patient leaflet');
  });

  it('sends a visitor without a choice to the chooser with the link type, and from there to the file', async () => {
    const first = await get(dl(`/01/${GTIN14}/10/LOT-1?linkType=gs1:epil&utm=label`));
    expect(first.statusCode).toBe(307);
    const chooser = (first.headers.location as string).slice(PUBLIC.length);
    expect(chooser).toBe(`/site/${slug}?gs1=${encodeURIComponent(`/01/${GTIN14}/10/LOT-1?utm=label&linkType=gs1:epil`)}`);
    const sent = await get(`${chooser}&country=be&language=fr&audience=hcp`);
    expect(sent.statusCode).toBe(303);
    const cookie = String(sent.headers['set-cookie']).split(';')[0];
    const back = await get(sent.headers.location as string, { cookie });
    expect(back.statusCode).toBe(307);
    expect(back.headers.location).toBe(`${download(s.epilFileId, gtinProductId)}&lot=LOT-1&utm=label`);
  });

  it('passes the query string on, but the linkType it answered', async () => {
    const byType = await get(dl(`/01/${GTIN14}?foo=bar&linkType=gs1:epil&17=270131`), chosen);
    expect(byType.headers.location).toBe(`${download(s.epilFileId, gtinProductId)}&foo=bar&17=270131`);
    const plain = await get(dl(`/01/${GTIN14}?foo=bar`), chosen);
    expect(plain.headers.location).toBe(`${productPage(GTIN13)}?foo=bar`);
    const pip = await get(dl(`/01/${GTIN14}?linkType=gs1:pip`), chosen);
    expect(pip.headers.location).toBe(productPage(GTIN13));
  });
});

describe('HTTP', () => {
  it('answers HEAD like GET without a body, and OPTIONS with what it allows, CORS on each', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: dl(`/01/${GTIN14}`), headers: chosen });
    expect(head.statusCode).toBe(307);
    expect(head.headers.location).toBe(productPage(GTIN13));
    expect(head.body).toBe('');
    for (const url of [dl(`/01/${GTIN14}`), dl('/gtin/x'), dl('/CwdJnd9bVspZyf2o'), dl('/p/1'), '/.well-known/gs1resolver']) {
      const options = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      });
      expect(options.statusCode, url).toBe(204);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(options.headers['access-control-allow-origin']).toBe('*');
      expect(options.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    }
    const res = await get(dl(`/01/${GTIN14}`), chosen);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('Link');
  });

  it('tolerates a trailing slash, and walks up from a lot it does not know (GS1’s test suite)', async () => {
    const bare = await get(dl(`/01/${GTIN14}`), chosen);
    const slash = await get(dl(`/01/${GTIN14}/`), chosen);
    expect([slash.statusCode, slash.headers.location]).toEqual([bare.statusCode, bare.headers.location]);
    const unknownLot = await get(dl(`/01/${GTIN14}/10/KL8G`), chosen);
    expect(unknownLot.statusCode).toBe(307);
    expect(unknownLot.headers.location).toBe(productPage(GTIN13, 'KL8G'));
  });

  it('answers a syntax error with the site’s 400 page (GS1’s test suite: the link with /foo after it), with CORS', async () => {
    for (const path of [
      `/01/${GTIN14}/foo`,
      '/01/04006381333932',
      `/01/${GTIN14}/10/L/235/T`,
      `/01/${GTIN14}?17=271399`,
      `/gtin/${GTIN14}/ser/S/lot/L`,
    ]) {
      const res = await get(dl(path), chosen);
      expect(res.statusCode, path).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toContain('This code cannot be read');
      expect(res.body).toContain('Cardiology');
    }
  });
});

describe('what a link may hold', () => {
  it('resolves a compressed link as the link uncompressed, announcing it (owl:sameAs)', async () => {
    const res = await get(dl('/CwdJnd9bVspZyf2o'), chosen);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(productPage(GTIN13, 'LOT-1'));
    expect(res.headers.link).toContain(`<${PUBLIC}/site/${slug}/01/${GTIN14}/10/LOT-1>; rel="owl:sameAs"`);
    const linkset = await get(dl('/CwdJnd9bVspZyf2o'), { ...chosen, ...jsonAccept });
    expect(linkset.json().linkset[0].anchor).toBe(`${PUBLIC}/site/${slug}/01/${GTIN14}/10/LOT-1`);
    // a link type compressed into it is followed
    expect((await get(dl('/AQdJnd9bV-IlinkTypegjPzYusvDTs'), chosen)).headers.location).toBe(download(s.epilFileId, gtinProductId));
    // one that decompresses to a wrong check digit is a syntax error; a word that is none, the 404 of any unknown page
    expect((await get(dl('/AQdJnd9bWA'), chosen)).statusCode).toBe(400);
    expect((await get(dl('/somethingelse'), chosen)).statusCode).toBe(404);
    expect((await get(dl('/about'), chosen)).statusCode).toBe(404);
  });

  it('accepts the TPX (AI 235) alone after the GTIN', async () => {
    const res = await get(dl(`/01/${GTIN14}/235/TPX-0001`), chosen);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(productPage(GTIN13));
  });

  it('accepts the convenience names of GS1 Digital Link 1.2 (gtin, lot, ser in the path, exp in the query)', async () => {
    const res = await get(dl(`/gtin/${GTIN14}/lot/LOT-1/ser/S1?exp=270131`), chosen);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(`${productPage(GTIN13, 'LOT-1')}&exp=270131`);
  });

  it('answers broken percent-escapes with the site’s 400 page, not the API’s problem+json', async () => {
    for (const url of [dl('/%E0%A4%A'), dl(`/01/${GTIN14}/10/%E0%A4%A`), dl('/be/fr/hcp/%E0%A4%A')]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This code cannot be read');
      expect(res.body).toContain('Cardiology');
    }
    const unknownUnit = await get('/site/no-such-unit/%E0%A4%A');
    expect(unknownUnit.statusCode).toBe(400);
    expect(unknownUnit.headers['content-type']).toContain('text/html');
    const api = await get('/api/business-units/%E0%A4%A');
    expect(api.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a unit on its own host name', () => {
  it('resolves at the host’s root, its linkset anchored there', async () => {
    const res = await get(`/01/${GTIN14}`, { host: HOST, ...chosen });
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(`https://${HOST}/site/${slug}/be/fr/hcp/${s.typeSlug}/${GTIN13}`);
    const linkset = await get(`/01/${GTIN14}`, { host: HOST, ...chosen, ...jsonAccept });
    expect(linkset.json().linkset[0].anchor).toBe(`https://${HOST}/01/${GTIN14}`);
  });
});

describe('/.well-known/gs1resolver', () => {
  const valid = (d: Record<string, unknown>) => {
    expect(typeof d.resolverRoot).toBe('string');
    expect(d.supportedPrimaryKeys).toEqual(['01']);
    expect(d.supportedLinkType).toEqual([{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }]);
    expect(d.linkTypeDefaultCanBeLinkset).toBe(false);
  };

  it('describes a unit’s resolver at /site/{bu} and at its host’s root', async () => {
    const res = await get(`/site/${slug}/.well-known/gs1resolver`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const d = res.json();
    valid(d);
    expect(d.resolverRoot).toBe(`${PUBLIC}/site/${slug}`);
    expect(d.linkTypes).toEqual(expect.arrayContaining(['gs1:defaultLink', 'gs1:pip', 'gs1:instructions', 'gs1:epil', 'gs1:safetyInfo']));
    const hosted = (await get('/.well-known/gs1resolver', { host: HOST })).json();
    valid(hosted);
    expect(hosted.resolverRoot).toBe(`https://${HOST}`);
  });

  it('lists the units’ resolvers at the server’s root', async () => {
    const res = await get('/.well-known/gs1resolver');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    valid(d);
    expect(d.resolvers).toEqual([{ name: 'Cardiology', resolverRoot: `https://${HOST}` }]);
    expect(d.resolverRoot).toBe(`https://${HOST}`);
  });
});

describe('the persistent URL of a product without a GTIN', () => {
  it('opens the product through the choice, or the chooser, and survives a change of its type’s slug', async () => {
    const res = await get(dl(`/p/${s.plainId}`), chosen);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(productPage('KC-PLAIN'));
    const first = await get(dl(`/p/${s.plainId}`));
    const chooser = (first.headers.location as string).slice(PUBLIC.length);
    expect(chooser).toBe(`/site/${slug}?gs1=${encodeURIComponent(`/p/${s.plainId}`)}`);
    const sent = await get(`${chooser}&country=be&language=fr&audience=hcp`);
    expect(sent.headers.location).toBe(`/site/${slug}/p/${s.plainId}`);
    // the type's slug changes: the label's URL still finds the product, under the new slug
    await ctx.db.update(productType).set({ slug: 'catheters-renamed' }).where(eq(productType.id, s.typeId));
    await publishAsIs(ctx.db, (await ctx.db.select().from(productType).where(eq(productType.id, s.typeId)))[0].businessUnitId);
    const renamed = await get(dl(`/p/${s.plainId}`), chosen);
    expect(renamed.headers.location).toBe(productPage('KC-PLAIN', undefined, 'catheters-renamed'));
    expect((await get(dl('/p/999999'), chosen)).statusCode).toBe(404);
    expect((await get(dl('/p/x'), chosen)).statusCode).toBe(404);
  });

  it('answers 410 once the product is no longer listed', async () => {
    const [row] = await ctx.db.select().from(product).where(eq(product.id, s.plainId));
    await ctx.db.delete(product).where(eq(product.id, s.plainId));
    const [type] = await ctx.db.select().from(productType).where(eq(productType.id, row.productTypeId));
    await publishAsIs(ctx.db, type.businessUnitId);
    const res = await get(dl(`/p/${s.plainId}`), chosen);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This product is no longer listed');
  });
});

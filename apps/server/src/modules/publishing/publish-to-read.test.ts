import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, file, fileCountry, fileLanguage, fileLotRange } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { fileForDownload, liveSite, productDocuments, searchProducts } from '../public-read/index.js';
import { makeInterfaceRegion, makePublishFile } from './publish.fixtures.js';

/**
 * From the admin's draft to what a visitor reads: publish through the API, then ask the public
 * read model. The compile and the read model are tested apart with their own fixtures; this
 * checks that they agree on the rows between them (case of codes, lot keys, arrays, the site).
 */
let ctx: TestContext;
let publisher: ReturnType<typeof as>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await makeUserWithRights(ctx.db, ['PUBLISH'], 'all');
  publisher = as(ctx.app, await tokenFor(ctx, user.id));
});
afterAll(() => ctx?.close());

describe('a publish as the public read model sees it', () => {
  const s = {} as {
    unit: { id: number; slug: string };
    productId: number;
    docId: number;
    lotFileId: number;
    worldFileId: number;
  };

  const publish = async (body: Record<string, unknown> = {}) => {
    const res = await publisher({ method: 'POST', url: '/api/publish', payload: { businessUnitId: s.unit.id, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number: number };
  };
  const visitor = { audience: 'HCP' as const, country: 'be', language: 'fr' };
  const live = async (at = new Date()) => {
    const site = await liveSite(ctx.db, { slug: s.unit.slug }, at);
    if (!site) throw new Error('no live publication');
    return site;
  };

  beforeAll(async () => {
    const db = ctx.db;
    const unit = await makeBusinessUnit(db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
    s.unit = unit;
    await makeInterfaceRegion(db, unit.id, ['BE']);
    const type = await makeProductType(db, unit.id, { lotNumbers: true, keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' }, [
      { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' },
    ]);
    const prod = await makeProduct(db, type, { keyCode: 'KC-MAIN-1' });
    s.productId = prod.id;
    const lots = await makeLotRange(db, type, [prod.id], { numbers: ['LOT-A7'] });
    const docType = await makeDocumentType(db, unit.id, { hcp: true });
    const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-9', name: 'Instructions' }, { productIds: [prod.id] });
    s.docId = doc.id;
    // a French file for Belgium, for one lot range only
    const lotFile = await makePublishFile(db, doc, [{ binary: true }], { allLotNumbers: false });
    await db.insert(fileCountry).values({ fileId: lotFile.id, countryIsoCode: 'BE' });
    await db.insert(fileLanguage).values({ fileId: lotFile.id, languageIsoCode: 'fr' });
    await db.insert(fileLotRange).values({ fileId: lotFile.id, lotRangeId: lots.id });
    s.lotFileId = lotFile.id;
    // a French file for the rest of the world, all lots
    const worldFile = await makePublishFile(db, doc, [{ binary: true }], { restOfTheWorld: true });
    await db.insert(fileLanguage).values({ fileId: worldFile.id, languageIsoCode: 'fr' });
    s.worldFileId = worldFile.id;
  });

  it('finds nothing before the first publish', async () => {
    expect(await liveSite(ctx.db, { slug: s.unit.slug }, new Date())).toBeNull();
  });

  it('finds the product by key code and by lot, and its document with the file for the lot', async () => {
    await publish();
    const site = await live();
    expect(site.number).toBe(1);
    const byCode = await searchProducts(
      ctx.db,
      site,
      { productTypeSlug: site.site.productTypes[0].slug, audience: 'HCP', keyCode: 'kc-main-1' },
      new Date(),
    );
    expect(byCode).toMatchObject({ kind: 'page', total: 1, items: [{ productId: s.productId }] });
    const byLot = await searchProducts(
      ctx.db,
      site,
      { productTypeSlug: site.site.productTypes[0].slug, audience: 'HCP', lot: 'lot-a7' },
      new Date(),
    );
    expect(byLot).toMatchObject({ kind: 'page', total: 1, items: [{ productId: s.productId }] });

    const docs = await productDocuments(ctx.db, site, s.productId, { ...visitor, lot: 'LOT-A7' }, new Date());
    expect(docs?.map((d) => d.number)).toEqual(['IFU-9']);
    expect(docs?.[0].files.map((f) => f.fileId)).toContain(s.lotFileId);
    const download = await fileForDownload(
      ctx.db,
      site,
      { fileId: s.lotFileId },
      { ...visitor, lot: 'LOT-A7', productId: s.productId },
      new Date(),
    );
    expect(download?.binaryKey).toMatch(/^files\/test\//);
    // another lot: the lot file does not apply
    const otherLot = await productDocuments(ctx.db, site, s.productId, { ...visitor, lot: 'LOT-B1' }, new Date());
    expect(otherLot?.flatMap((d) => d.files.map((f) => f.fileId))).not.toContain(s.lotFileId);
  });

  it('keeps showing the published document after an edit in the admin, until the next publish', async () => {
    await ctx.db.update(document).set({ name: 'Instructions, revised' }).where(eq(document.id, s.docId));
    const before = await productDocuments(ctx.db, await live(), s.productId, visitor, new Date());
    expect(before?.[0].name).toBe('Instructions');
    await publish();
    const after = await productDocuments(ctx.db, await live(), s.productId, visitor, new Date());
    expect(after?.[0].name).toBe('Instructions, revised');
  });

  it('lets an archive date in the future retract the file at that date, without a publish', async () => {
    const in2Days = new Date(Date.now() + 2 * DAY);
    await ctx.db.update(file).set({ archiveDate: in2Days }).where(eq(file.id, s.lotFileId));
    await publish();
    const site = await live();
    const withLot = { ...visitor, lot: 'LOT-A7' };
    const now = await productDocuments(ctx.db, site, s.productId, withLot, new Date());
    expect(now?.flatMap((d) => d.files.map((f) => f.fileId))).toContain(s.lotFileId);
    const later = await productDocuments(ctx.db, site, s.productId, withLot, new Date(Date.now() + 3 * DAY));
    // the Belgian file gone, the rest-of-the-world file takes its place
    expect(later?.flatMap((d) => d.files.map((f) => f.fileId))).toEqual([s.worldFileId]);
  });

  it('shows a product published with a future custom date from that date on', async () => {
    const type = (await live()).site.productTypes[0];
    const scheduled = await makeProduct(ctx.db, { id: type.id, businessUnitId: s.unit.id }, { keyCode: 'SCHED-1' });
    const when = new Date(Date.now() + 5 * DAY);
    await publish({ customDate: when.toISOString() });
    const site = await live();
    const query = { productTypeSlug: type.slug, audience: 'HCP' as const, keyCode: 'SCHED-1' };
    expect(await searchProducts(ctx.db, site, query, new Date())).toMatchObject({ kind: 'page', total: 0 });
    expect(await searchProducts(ctx.db, site, query, new Date(when.getTime() + 1000))).toMatchObject({
      kind: 'page',
      total: 1,
      items: [{ productId: scheduled.id }],
    });
  });

  it('shows the first publication again after a restore, and the latest before it at a past moment', async () => {
    const list = await publisher({ method: 'GET', url: `/api/publications?business-unit=${s.unit.id}&sort=number,asc&size=50` });
    const first = list.json()[0] as { id: number; number: number };
    const res = await publisher({ method: 'POST', url: `/api/publications/${first.id}/restore` });
    expect(res.statusCode, res.body).toBe(201);
    const site = await live();
    expect(site.kind).toBe('RESTORE');
    const docs = await productDocuments(ctx.db, site, s.productId, visitor, new Date());
    expect(docs?.[0].name).toBe('Instructions');
    // a moment before the first publish: nothing was public
    expect(await liveSite(ctx.db, { slug: s.unit.slug }, new Date(Date.now() - 365 * DAY))).toBeNull();
  });
});

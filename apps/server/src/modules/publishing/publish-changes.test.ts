import type { AccessRight, PublishChanges } from '@vellum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, publication, region, websiteTranslation } from '../../db/schema/index.js';
import { makeProduct } from '../../factories/catalogue-factories.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeReadyUnit } from './publish.fixtures.js';

let ctx: TestContext;
let publisher: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  publisher = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PUBLISH'], 'all')).id));
});
afterAll(() => ctx.close());

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const changes = async (businessUnitId: number): Promise<PublishChanges> => {
  const res = await publisher({ method: 'GET', url: `/api/publish/changes?business-unit=${businessUnitId}` });
  if (res.statusCode !== 200) throw new Error(`changes: ${res.statusCode} ${res.body}`);
  return res.json();
};
const publish = async (businessUnitId: number) => {
  const res = await publisher({ method: 'POST', url: '/api/publish', payload: { businessUnitId } });
  if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; number: number };
};
const NONE = { added: 0, removed: 0, changed: 0, addedItems: [], removedItems: [], changedItems: [] };
const publications = async (businessUnitId: number) =>
  (await ctx.db.select({ n: count() }).from(publication).where(eq(publication.businessUnitId, businessUnitId)))[0].n;

describe('GET /api/publish/changes', () => {
  it('answers 401, 403 without PUBLISH or with it only in another unit, 400 without a unit, 404 for none or unit 0', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    const other = await makeReadyUnit(ctx.db);
    const url = `/api/publish/changes?business-unit=${unit.id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await client(['PRODUCT_MANAGE', 'LAYOUT_MANAGE'], 'all'))({ method: 'GET', url })).statusCode).toBe(403);
    expect((await (await client(['PUBLISH'], [other.unit.id]))({ method: 'GET', url })).statusCode).toBe(403);
    for (const q of ['', '?business-unit=x', '?business-unit=-1']) {
      expect((await publisher({ method: 'GET', url: `/api/publish/changes${q}` })).statusCode, q).toBe(400);
    }
    expect((await publisher({ method: 'GET', url: '/api/publish/changes?business-unit=999999' })).statusCode).toBe(404);
    expect((await publisher({ method: 'GET', url: '/api/publish/changes?business-unit=0' })).statusCode).toBe(404);
  });

  it('a unit never published: no live publication, everything a publish takes is added, writing nothing', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const c = await changes(ready.unit.id);
    expect(c).toMatchObject({ businessUnitId: ready.unit.id, live: null, restoredFrom: null, site: [] });
    expect(c.products).toMatchObject({ added: 1, addedItems: [{ id: ready.product.id, label: ready.product.keyCode }] });
    expect(c.documents.added).toBe(1);
    expect(c.files).toMatchObject({ added: 1, addedItems: [{ id: ready.file.id, label: ready.file.name }] });
    expect(await publications(ready.unit.id)).toBe(0);
  });

  it('right after a publish: nothing changes', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const live = await publish(ready.unit.id);
    const c = await changes(ready.unit.id);
    expect(c).toMatchObject({ live: { id: live.id, number: 1, kind: 'PUBLISH', restoredFromNumber: null }, restoredFrom: null });
    expect([c.products, c.documents, c.files, c.site]).toEqual([NONE, NONE, NONE, []]);
  });

  it('lists a layout-only change, which readiness lets publish; the publish makes it live', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await publish(ready.unit.id);
    await ctx.db.update(businessUnit).set({ mainColor: '#112233' }).where(eq(businessUnit.id, ready.unit.id));
    const c = await changes(ready.unit.id);
    expect(c.site).toEqual([{ part: 'layout', items: ['mainColor'] }]);
    expect([c.products, c.documents, c.files]).toEqual([NONE, NONE, NONE]);
    const readiness = (await publisher({ method: 'GET', url: `/api/publish/readiness?business-unit=${ready.unit.id}` })).json();
    expect(readiness).toMatchObject({ ready: true });
    expect(readiness.problems.map((p: { key: string }) => p.key)).not.toContain('error.publish.nothingToPublish');
    const second = await publish(ready.unit.id);
    expect(second.number).toBe(2);
    expect((await changes(ready.unit.id)).site).toEqual([]);
    // the history says what changed, in parts
    const detail = (await publisher({ method: 'GET', url: `/api/publications/${second.id}` })).json();
    expect(detail.changes).toMatchObject({ siteChanged: true, site: [{ part: 'layout', items: ['mainColor'] }] });
  });

  it('names settings, translations, languages and regions by what changed in them', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await publish(ready.unit.id);
    await ctx.db
      .update(businessUnit)
      .set({ showSearchOnDetailPage: false, interfaceLanguages: ['en', 'fr'] })
      .where(eq(businessUnit.id, ready.unit.id));
    await ctx.db
      .insert(websiteTranslation)
      .values({ businessUnitId: ready.unit.id, translationKey: 'country.choose', interfaceLanguageIso: 'en', translatedValue: 'Where?' });
    await ctx.db.update(region).set({ name: 'Benelux' }).where(eq(region.id, ready.interfaceRegion.id));
    const site = (await changes(ready.unit.id)).site;
    expect(site).toEqual([
      { part: 'settings', items: ['showSearchOnDetailPage'] },
      { part: 'regions', items: ['Benelux'] },
      { part: 'languages', items: ['fr'] },
      { part: 'translations', items: ['en', 'fr'] },
    ]);
  });

  it('after a restore: says so, with the content the admin tables hold beyond it', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const first = await publish(ready.unit.id);
    const added = await makeProduct(ctx.db, ready.type, { keyCode: 'LATER-1' });
    await ctx.db.update(businessUnit).set({ highlightColor: '#445566' }).where(eq(businessUnit.id, ready.unit.id));
    await publish(ready.unit.id);
    expect((await changes(ready.unit.id)).restoredFrom).toBeNull();
    const restore = await publisher({ method: 'POST', url: `/api/publications/${first.id}/restore` });
    expect(restore.statusCode, restore.body).toBe(201);
    const c = await changes(ready.unit.id);
    expect(c).toMatchObject({
      live: { number: 3, kind: 'RESTORE', restoredFromNumber: 1 },
      restoredFrom: { number: 3, restoredFromNumber: 1 },
    });
    expect(c.products).toMatchObject({ added: 1, addedItems: [{ id: added.id, label: 'LATER-1' }], removed: 0, changed: 0 });
    expect(c.site).toEqual([{ part: 'layout', items: ['highlightColor'] }]);
    // and the product the later publish stamped is not called published while the restore is live
    const product = (await publisher({ method: 'GET', url: `/api/publish-products?business-unit=${ready.unit.id}` })).json();
    expect(product.products).toMatchObject({ unpublished: 1, published: 1 });
  });
});

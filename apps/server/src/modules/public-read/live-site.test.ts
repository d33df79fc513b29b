import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { searchProducts } from './catalogue.js';
import { clearSiteCache, countriesByRegion, liveSite, translator } from './live-site.js';
import { day, insertProduct, insertPublication, makeUnit, site, T0 } from './public-read.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the live publication', () => {
  it('is the highest-numbered one created at or before the instant; before the first there is none', async () => {
    const unit = await makeUnit(ctx.db);
    const first = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug), createdDate: day(0) });
    const second = await insertPublication(ctx.db, {
      unitId: unit.id,
      number: 2,
      site: site(unit.id, unit.slug, { manufacturer: { name: 'Second', patientPortal: false, worldWidePublicWebsite: false } }),
      createdDate: day(10),
    });
    expect((await liveSite(ctx.db, { id: unit.id }, day(20)))?.publicationId).toBe(second);
    const past = await liveSite(ctx.db, { id: unit.id }, day(5));
    expect(past).toMatchObject({ publicationId: first, contentId: first, number: 1, kind: 'PUBLISH' });
    expect(past?.site.manufacturer.name).toBe('Maker');
    expect((await liveSite(ctx.db, { id: unit.id }, day(10)))?.site.manufacturer.name).toBe('Second');
    expect(await liveSite(ctx.db, { id: unit.id }, day(-1))).toBeNull();
  });

  it('of a RESTORE is read from its own copy of the restored site and from the restored rows', async () => {
    const unit = await makeUnit(ctx.db);
    const old = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug), createdDate: day(0) });
    await insertProduct(ctx.db, old, { productId: 1, keyCode: 'OLD-1' });
    const newer = await insertPublication(ctx.db, {
      unitId: unit.id,
      number: 2,
      site: site(unit.id, unit.slug, { productTypes: [] }),
      createdDate: day(1),
    });
    await insertProduct(ctx.db, newer, { productId: 2, keyCode: 'NEW-2' });
    const restore = await insertPublication(ctx.db, {
      unitId: unit.id,
      number: 3,
      kind: 'RESTORE',
      contentId: old,
      // a restore copies the restored site (a status publication changes only the unit's status)
      site: site(unit.id, unit.slug),
      createdDate: day(2),
    });
    const live = await liveSite(ctx.db, { slug: unit.slug }, day(3));
    expect(live).toMatchObject({ publicationId: restore, contentId: old, number: 3, kind: 'RESTORE' });
    expect(live?.site.productTypes.map((t) => t.slug)).toEqual(['type-1']);
    const found = await searchProducts(ctx.db, live!, { productTypeSlug: 'type-1', audience: 'HCP' }, day(3));
    expect(found).toMatchObject({ kind: 'page', total: 1, items: [{ keyCode: 'OLD-1' }] });
  });

  it('is found by the slug its live site carries, and no longer by a slug a later publication dropped', async () => {
    clearSiteCache();
    const unit = await makeUnit(ctx.db);
    await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, `${unit.slug}-a`), createdDate: day(0) });
    expect((await liveSite(ctx.db, { slug: `${unit.slug}-a` }, day(1)))?.businessUnitId).toBe(unit.id);
    // a second read comes through the slug hint and the cached site
    expect((await liveSite(ctx.db, { slug: `${unit.slug}-a` }, day(1)))?.site.unit.slug).toBe(`${unit.slug}-a`);
    await insertPublication(ctx.db, { unitId: unit.id, number: 2, site: site(unit.id, `${unit.slug}-b`), createdDate: day(2) });
    expect(await liveSite(ctx.db, { slug: `${unit.slug}-a` }, day(3))).toBeNull();
    expect((await liveSite(ctx.db, { slug: `${unit.slug}-b` }, day(3)))?.number).toBe(2);
    // at an instant before the rename the old slug still answers
    expect((await liveSite(ctx.db, { slug: `${unit.slug}-a` }, day(1)))?.number).toBe(1);
  });

  it('reads the site again when it was evicted between the question and the answer', async () => {
    clearSiteCache();
    const unit = await makeUnit(ctx.db);
    await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug) });
    const first = await liveSite(ctx.db, { id: unit.id }, day(1));
    expect(first?.site.unit.slug).toBe(unit.slug);
    const pending = liveSite(ctx.db, { id: unit.id }, day(1));
    // the call names the site as held before its first await; the cache is emptied before the answer
    clearSiteCache();
    expect((await pending)?.site).toEqual(first?.site);
    expect((await liveSite(ctx.db, { id: unit.id }, day(1)))?.site.unit.slug).toBe(unit.slug);
  });

  it('a slug two live sites carry belongs to the newer publication', async () => {
    clearSiteCache();
    const [a, b] = [await makeUnit(ctx.db), await makeUnit(ctx.db)];
    const slug = `${a.slug}-shared`;
    await insertPublication(ctx.db, { unitId: a.id, number: 1, site: site(a.id, slug), createdDate: day(0) });
    await insertPublication(ctx.db, { unitId: b.id, number: 1, site: site(b.id, slug), createdDate: day(1) });
    expect((await liveSite(ctx.db, { slug }, day(0)))?.businessUnitId).toBe(a.id);
    expect((await liveSite(ctx.db, { slug }, day(2)))?.businessUnitId).toBe(b.id);
    expect((await liveSite(ctx.db, { slug }, day(0)))?.businessUnitId).toBe(a.id);
  });

  it('a slug resolved before another unit took it over answers the newer unit once that one publishes', async () => {
    clearSiteCache();
    const [a, b] = [await makeUnit(ctx.db), await makeUnit(ctx.db)];
    const slug = `${a.slug}-moved`;
    await insertPublication(ctx.db, { unitId: a.id, number: 1, site: site(a.id, slug), createdDate: day(0) });
    // resolved, then served through the hint
    expect((await liveSite(ctx.db, { slug }, day(1)))?.businessUnitId).toBe(a.id);
    expect((await liveSite(ctx.db, { slug }, day(1)))?.businessUnitId).toBe(a.id);
    // unit a was renamed in the admin and has not published since; unit b took the slug and published
    await insertPublication(ctx.db, { unitId: b.id, number: 1, site: site(b.id, slug), createdDate: day(2) });
    expect((await liveSite(ctx.db, { slug }, day(3)))?.businessUnitId).toBe(b.id);
  });

  it('answers null for an unknown unit or slug', async () => {
    const unit = await makeUnit(ctx.db);
    expect(await liveSite(ctx.db, { id: unit.id }, T0)).toBeNull();
    expect(await liveSite(ctx.db, { id: 999_999 }, T0)).toBeNull();
    expect(await liveSite(ctx.db, { slug: 'no-such-unit' }, T0)).toBeNull();
  });

  it('refuses a site of an unknown format', async () => {
    clearSiteCache();
    const unit = await makeUnit(ctx.db);
    await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: { ...site(unit.id, unit.slug), format: 2 as 1 } });
    await expect(liveSite(ctx.db, { id: unit.id }, day(1))).rejects.toThrow(/unknown site format/);
  });
});

describe('the site', () => {
  it('translates into the visitor language, else English, else the compiled text', () => {
    const s = site(1, 'x', {
      translations: { en: { 'interface_region.1.name': 'Europe (en)', title: 'Title' }, fr: { 'interface_region.1.name': 'Europe (fr)' } },
    });
    expect(countriesByRegion(s, 'fr')[0]).toMatchObject({
      name: 'Europe (fr)',
      countries: [{ isoCode: 'BE' }, { isoCode: 'DE' }, { isoCode: 'FR' }],
    });
    expect(countriesByRegion(s, 'de')[0].name).toBe('Europe (en)');
    const t = translator(s, 'fr');
    expect(t('title')).toBe('Title');
    expect(t('product_type.1.name', 'Type 1')).toBe('Type 1');
  });
});

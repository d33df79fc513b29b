import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { dropdownValues, product, productTypes, searchProducts } from './catalogue.js';
import { liveSite } from './live-site.js';
import {
  day,
  definition,
  insertGroup,
  insertLotRange,
  insertProduct,
  insertPublication,
  insertRemark,
  makeUnit,
  productType,
  site,
  T0,
} from './public-read.test-support.js';
import type { LivePublication, ProductSearchQuery } from './public-read.types.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A unit with one publication of the given site shape and its rows; answers the live publication. */
async function published(over: Partial<PublishedSite>, rows: (contentId: number) => Promise<void>): Promise<LivePublication> {
  const unit = await makeUnit(ctx.db);
  const id = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug, over) });
  await rows(id);
  const live = await liveSite(ctx.db, { id: unit.id }, T0);
  if (!live) throw new Error('no live publication');
  return live;
}

const search = (live: LivePublication, q: Partial<ProductSearchQuery>, at = T0) =>
  searchProducts(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', ...q }, at);
const keyCodes = async (live: LivePublication, q: Partial<ProductSearchQuery>, at = T0) => {
  const r = await search(live, q, at);
  if (r?.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(r)}`);
  return r.items.map((i) => i.keyCode);
};

/** Three products whose key codes differ in case and substring. */
const threeProducts = (contentId: number) =>
  Promise.all([
    insertProduct(ctx.db, contentId, { productId: 1, keyCode: 'AB-100' }),
    insertProduct(ctx.db, contentId, { productId: 2, keyCode: 'ab-1000' }),
    insertProduct(ctx.db, contentId, { productId: 3, keyCode: 'XY-200' }),
  ]).then(() => undefined);

describe('product types', () => {
  it('HCP sees every type; PATIENT only with the patient portal, and only types that show patients anything', () => {
    const s = site(1, 'u', {
      audiences: ['HCP', 'PATIENT'],
      manufacturer: { name: 'M', patientPortal: true, worldWidePublicWebsite: false },
      productTypes: [
        productType(1, { keyCodeSearchTypePatient: 'SEARCHABLE_PARTIAL', keyCodeLabelPatient: 'Reference' }),
        productType(2),
        productType(3, { attributeDefinitions: [definition(31, { searchTypePatient: 'VISIBLE' })] }),
      ],
      translations: { en: {}, fr: { 'product_type.1.name': 'Type un' } },
    });
    expect(productTypes(s, 'HCP').map((t) => t.id)).toEqual([1, 2, 3]);
    const patient = productTypes(s, 'PATIENT', 'fr');
    expect(patient.map((t) => t.id)).toEqual([1, 3]);
    expect(patient[0]).toMatchObject({
      name: 'Type un',
      keyCodeLabel: 'Reference',
      keyCodeSearchType: 'SEARCHABLE_PARTIAL',
      searchFields: [{ field: 'keyCode', searchType: 'SEARCHABLE_PARTIAL' }],
    });
    expect(patient[1]).toMatchObject({ keyCodeLabel: null, searchFields: [] });
    expect(productTypes({ ...s, audiences: ['HCP'] }, 'PATIENT')).toEqual([]);
    expect(productTypes({ ...s, unit: { ...s.unit, active: false } }, 'HCP')).toEqual([]);
  });
});

describe('key-code search', () => {
  it('EXACT: equal ignoring case, nothing partial', async () => {
    const live = await published({}, threeProducts);
    expect(await keyCodes(live, { keyCode: 'ab-100' })).toEqual(['AB-100']);
    expect(await keyCodes(live, { keyCode: 'AB-10' })).toEqual([]);
  });

  it('PARTIAL: contains, ignoring case; LIKE wildcards taken literally', async () => {
    const live = await published({ productTypes: [productType(1, { keyCodeSearchTypeHcp: 'SEARCHABLE_PARTIAL' })] }, threeProducts);
    expect(await keyCodes(live, { keyCode: 'b-10' })).toEqual(['AB-100', 'ab-1000']);
    expect(await keyCodes(live, { keyCode: '%' })).toEqual([]);
  });

  it('DROPDOWN: the values offered are the visible key codes; a chosen one matches exactly', async () => {
    const live = await published({ productTypes: [productType(1, { keyCodeSearchTypeHcp: 'SEARCHABLE_DROPDOWN' })] }, async (c) => {
      await threeProducts(c);
      await insertProduct(ctx.db, c, { productId: 4, keyCode: 'ZZ-LATER', publishDate: day(5) });
    });
    expect(await dropdownValues(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', field: 'keyCode' }, T0)).toEqual([
      'AB-100',
      'ab-1000',
      'XY-200',
    ]);
    expect(await keyCodes(live, { keyCode: 'AB-100' })).toEqual(['AB-100']);
    expect(await dropdownValues(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', field: 1 }, T0)).toBeNull();
  });

  it('NOT_VISIBLE: the key code is not searchable and not shown', async () => {
    const live = await published(
      {
        productTypes: [
          productType(1, {
            keyCodeSearchTypeHcp: 'NOT_VISIBLE',
            attributeDefinitions: [definition(11, { searchTypeHcp: 'SEARCHABLE_EXACT' })],
          }),
        ],
      },
      threeProducts,
    );
    expect(await search(live, { keyCode: 'AB-100' })).toEqual({ kind: 'invalid', fields: ['keyCode'] });
    const all = await search(live, {});
    expect(all).toMatchObject({ kind: 'page', total: 3 });
    expect(all?.kind === 'page' && all.items.every((i) => i.keyCode === null)).toBe(true);
    expect(await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', keyCode: 'AB-100' }, T0)).toBeNull();
  });

  it('pages in key-code order with the total, also past the end', async () => {
    const live = await published({}, threeProducts);
    expect(await search(live, { page: 1, size: 2 })).toEqual({
      kind: 'page',
      page: 1,
      size: 2,
      total: 3,
      items: [{ productId: 3, keyCode: 'XY-200', attributes: [] }],
    });
    expect(await search(live, { page: 5, size: 2 })).toEqual({ kind: 'page', page: 5, size: 2, total: 3, items: [] });
  });
});

describe('attribute search', () => {
  const type = productType(1, {
    attributeDefinitions: [
      definition(11, { name: 'Size', searchTypeHcp: 'SEARCHABLE_EXACT' }),
      definition(12, { name: 'Material', searchTypeHcp: 'SEARCHABLE_PARTIAL' }),
      definition(13, { name: 'Colour', searchTypeHcp: 'SEARCHABLE_DROPDOWN' }),
      definition(14, { name: 'Note', searchTypeHcp: 'VISIBLE' }),
      definition(15, { name: 'Internal', searchTypeHcp: 'NOT_VISIBLE' }),
    ],
  });
  const rows = async (c: number) => {
    await insertProduct(ctx.db, c, {
      productId: 1,
      keyCode: 'P1',
      values: { 11: '10 mm', 12: 'Titanium alloy', 13: 'Blue', 14: 'n1', 15: 'secret' },
    });
    await insertProduct(ctx.db, c, { productId: 2, keyCode: 'P2', values: { 11: '10 mm long', 12: 'Steel', 13: 'blue', 14: 'n2' } });
    await insertProduct(ctx.db, c, { productId: 3, keyCode: 'P3', values: { 11: '12 mm', 12: 'titanium', 13: 'Red' } });
  };

  it('each attribute by its search type for the audience; values shown except NOT_VISIBLE ones', async () => {
    const live = await published({ productTypes: [type] }, rows);
    expect(await keyCodes(live, { attributes: { 11: '10 MM' } })).toEqual(['P1']);
    expect(await keyCodes(live, { attributes: { 12: 'TITAN' } })).toEqual(['P1', 'P3']);
    expect(await keyCodes(live, { attributes: { 13: 'blue' } })).toEqual(['P1', 'P2']);
    expect(await keyCodes(live, { attributes: { 12: 'titan', 13: 'red' } })).toEqual(['P3']);
    expect(await dropdownValues(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', field: 13 }, T0)).toEqual(['Blue', 'Red']);
    const first = await search(live, { keyCode: 'p1' });
    expect(first?.kind === 'page' && first.items[0].attributes.map((a) => [a.name, a.value])).toEqual([
      ['Size', '10 mm'],
      ['Material', 'Titanium alloy'],
      ['Colour', 'Blue'],
      ['Note', 'n1'],
    ]);
  });

  it('refuses criteria on attributes not searchable for the audience (visible, hidden, unknown)', async () => {
    const live = await published({ productTypes: [type] }, rows);
    expect(await search(live, { attributes: { 14: 'n1', 15: 'secret', 99: 'x' } })).toEqual({ kind: 'invalid', fields: [14, 15, 99] });
  });

  it('asks for mandatory search attributes of the audience', async () => {
    const mandatory = productType(1, {
      attributeDefinitions: [
        definition(11, { searchTypeHcp: 'SEARCHABLE_EXACT', isMandatoryHcpSearch: true }),
        definition(12, { searchTypeHcp: 'SEARCHABLE_PARTIAL' }),
      ],
    });
    const live = await published({ productTypes: [mandatory] }, rows);
    expect(await search(live, { attributes: { 12: 'steel' } })).toEqual({ kind: 'missing', fields: [11] });
    expect(await search(live, { attributes: { 11: '  ' } })).toEqual({ kind: 'missing', fields: [11] });
    expect(await keyCodes(live, { attributes: { 11: '10 mm long' } })).toEqual(['P2']);
  });
});

describe('lot search', () => {
  const lotType = (lotNumbers: boolean) =>
    productType(1, {
      lotNumbers,
      attributeDefinitions: [definition(19, { type: 'MULTI_ARRAY', name: 'Lot', searchTypeHcp: 'SEARCHABLE_EXACT' })],
    });
  const rows = async (c: number) => {
    await insertLotRange(ctx.db, c, { lotRangeId: 1, numbers: ['LOT-A1', 'LOT-A2'] });
    await insertLotRange(ctx.db, c, { lotRangeId: 2, numbers: ['LOT-ALL'], appliesToAll: true });
    await insertLotRange(ctx.db, c, { lotRangeId: 3, numbers: ['LOT-OLD'], archiveDate: day(3) });
    await insertProduct(ctx.db, c, { productId: 1, keyCode: 'P1', lotRangeIds: [1, 3] });
    await insertProduct(ctx.db, c, { productId: 2, keyCode: 'P2' });
  };

  it('through the product linked ranges and the type applies-to-all ranges, ignoring case', async () => {
    const live = await published({ productTypes: [lotType(true)] }, rows);
    expect(await keyCodes(live, { lot: 'lot-a2' })).toEqual(['P1']);
    expect(await keyCodes(live, { lot: 'LOT-ALL' })).toEqual(['P1', 'P2']);
    expect(await keyCodes(live, { lot: 'LOT-A' })).toEqual([]);
  });

  it('an archived range vanishes at its archive date', async () => {
    const live = await published({ productTypes: [lotType(true)] }, rows);
    expect(await keyCodes(live, { lot: 'LOT-OLD' }, new Date(day(3).getTime() - 1))).toEqual(['P1']);
    expect(await keyCodes(live, { lot: 'LOT-OLD' }, day(3))).toEqual([]);
  });

  it('is refused while the type lot numbers are off', async () => {
    const live = await published({ productTypes: [lotType(false)] }, rows);
    expect(await search(live, { lot: 'LOT-A1' })).toEqual({ kind: 'invalid', fields: ['lot'] });
  });
});

describe('publish dates', () => {
  it('a scheduled product appears exactly at its publish date', async () => {
    const live = await published({}, async (c) => {
      await insertProduct(ctx.db, c, { productId: 1, keyCode: 'NOW' });
      await insertProduct(ctx.db, c, { productId: 2, keyCode: 'LATER', publishDate: day(2) });
    });
    expect(await keyCodes(live, {}, new Date(day(2).getTime() - 1))).toEqual(['NOW']);
    expect(await keyCodes(live, {}, day(2))).toEqual(['LATER', 'NOW']);
    expect(await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', keyCode: 'later' }, day(1))).toBeNull();
    expect(await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', keyCode: 'later' }, day(2))).toMatchObject({
      productId: 2,
    });
  });
});

describe('a product', () => {
  it('shows its visible attributes and its groups remarks for the audience, by visualisation order', async () => {
    const live = await published(
      {
        audiences: ['HCP', 'PATIENT'],
        manufacturer: { name: 'M', patientPortal: true, worldWidePublicWebsite: false },
        productTypes: [
          productType(1, {
            keyCodeSearchTypePatient: 'SEARCHABLE_EXACT',
            attributeDefinitions: [definition(11, { name: 'Size', searchTypeHcp: 'VISIBLE', searchTypePatient: 'NOT_VISIBLE' })],
          }),
        ],
        translations: { en: {}, fr: { 'product_remark.3.content': '<p>Remarque 3</p>' } },
      },
      async (c) => {
        await insertRemark(ctx.db, c, { remarkId: 1, hcp: true, patient: false, visualizationOrder: 2 });
        await insertRemark(ctx.db, c, { remarkId: 2, hcp: false, patient: true, visualizationOrder: 1 });
        await insertRemark(ctx.db, c, { remarkId: 3, hcp: true, patient: true, visualizationOrder: 1 });
        await insertRemark(ctx.db, c, { remarkId: 4, hcp: true, patient: true, visualizationOrder: 0 });
        await insertGroup(ctx.db, c, { productGroupId: 1, remarkIds: [1, 2] });
        await insertGroup(ctx.db, c, { productGroupId: 2, remarkIds: [3, 1] });
        await insertGroup(ctx.db, c, { productGroupId: 3, remarkIds: [4] });
        await insertProduct(ctx.db, c, { productId: 1, keyCode: 'P1', productGroupIds: [1, 2], values: { 11: '10 mm' } });
      },
    );
    const hcp = await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', keyCode: 'p1', language: 'fr' }, T0);
    expect(hcp).toMatchObject({ productId: 1, keyCode: 'P1', attributes: [{ name: 'Size', value: '10 mm' }] });
    expect(hcp?.remarks.map((r) => [r.id, r.content])).toEqual([
      [3, '<p>Remarque 3</p>'],
      [1, '<p>Remark 1</p>'],
    ]);
    const patient = await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'PATIENT', productId: 1 }, T0);
    expect(patient?.attributes).toEqual([]);
    expect(patient?.remarks.map((r) => r.id)).toEqual([2, 3]);
  });

  it('unknown type, product or audience: null', async () => {
    const live = await published({}, async (c) => insertProduct(ctx.db, c, { productId: 1, keyCode: 'P1' }));
    expect(await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', keyCode: 'P2' }, T0)).toBeNull();
    expect(await product(ctx.db, live, { productTypeSlug: 'nope', audience: 'HCP', keyCode: 'P1' }, T0)).toBeNull();
    expect(await search(live, { productTypeSlug: 'nope' })).toBeNull();
    // the patient portal is off: a PATIENT question answers nothing
    expect(await product(ctx.db, live, { productTypeSlug: 'type-1', audience: 'PATIENT', keyCode: 'P1' }, T0)).toBeNull();
    expect(await search(live, { audience: 'PATIENT' })).toBeNull();
  });
});

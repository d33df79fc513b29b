import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { liveSite } from './live-site.js';
import { day, definition, insertProduct, insertPublication, makeUnit, productType, site, T0 } from './public-read.test-support.js';
import type { LivePublication } from './public-read.types.js';
import { suggestValues } from './suggestions.js';

/**
 * The type-ahead's values (decision 0046): partial fields only, per audience, from two
 * characters, prefix matches first, at most ten, only what the live publication shows at `at`.
 */
let ctx: TestContext;
let live: LivePublication;

/** Type 1: key code partial for HCP and patients, attribute 11 partial (HCP), 12 exact, 13 dropdown, 14 partial for patients only. */
const shape: Partial<PublishedSite> = {
  audiences: ['HCP', 'PATIENT'],
  manufacturer: { name: 'M', patientPortal: true, worldWidePublicWebsite: false },
  productTypes: [
    productType(1, {
      keyCodeSearchTypeHcp: 'SEARCHABLE_PARTIAL',
      keyCodeSearchTypePatient: 'SEARCHABLE_PARTIAL',
      attributeDefinitions: [
        definition(11, { searchTypeHcp: 'SEARCHABLE_PARTIAL' }),
        definition(12, { searchTypeHcp: 'SEARCHABLE_EXACT' }),
        definition(13, { searchTypeHcp: 'SEARCHABLE_DROPDOWN' }),
        definition(14, { searchTypeHcp: 'VISIBLE', searchTypePatient: 'SEARCHABLE_PARTIAL' }),
      ],
    }),
    productType(2, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' }),
  ],
};

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeUnit(ctx.db);
  const id = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug, shape) });
  const products: [number, string, Record<number, string>, Date?][] = [
    [1, 'AB-100', { 11: 'Blue', 12: 'Large', 13: 'Steel', 14: 'Secret' }],
    [2, 'ab-1000', { 11: 'blue', 12: 'Large' }],
    [3, 'XAB-3', { 11: 'Cobalt blue' }],
    [4, 'XY-200', { 11: 'Red' }],
    // scheduled: not public before day 5
    [5, 'AB-SCHEDULED', { 11: 'Blue-green' }, day(5)],
    [6, 'AB_%', {}],
  ];
  for (const [productId, keyCode, values, publishDate] of products) {
    await insertProduct(ctx.db, id, { productId, keyCode, values, publishDate });
  }
  // eleven more that start with "ZZ", for the limit
  for (let i = 0; i < 11; i++) await insertProduct(ctx.db, id, { productId: 100 + i, keyCode: `ZZ-${String(i).padStart(2, '0')}` });
  // a product of the other type, whose key code must not be suggested for type 1
  await insertProduct(ctx.db, id, { productId: 200, keyCode: 'AB-OTHER-TYPE', productTypeId: 2 });
  const found = await liveSite(ctx.db, { id: unit.id }, T0);
  if (!found) throw new Error('no live publication');
  live = found;
});
afterAll(() => ctx?.close());

const suggest = (field: 'keyCode' | number, text: string, over: { audience?: 'HCP' | 'PATIENT'; slug?: string; at?: Date } = {}) =>
  suggestValues(ctx.db, live, { productTypeSlug: over.slug ?? 'type-1', audience: over.audience ?? 'HCP', field, text }, over.at ?? T0);

describe('suggestions while typing', () => {
  it('suggests key codes that start with the text, ignoring case, in byte order', async () => {
    expect(await suggest('keyCode', 'ab')).toEqual(['AB-100', 'ab-1000', 'AB_%']);
    expect(await suggest('keyCode', 'AB-1')).toEqual(['AB-100', 'ab-1000']);
  });

  it('adds values that hold the text further on from three characters, after the prefix matches', async () => {
    expect(await suggest('keyCode', 'ab-')).toEqual(['AB-100', 'ab-1000', 'XAB-3']);
    // two characters: the start only
    expect(await suggest('keyCode', 'b-')).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await suggest('keyCode', 'ab_')).toEqual(['AB_%']);
    expect(await suggest('keyCode', 'ab%')).toEqual([]);
  });

  it('suggests nothing below two characters', async () => {
    expect(await suggest('keyCode', 'a')).toEqual([]);
    expect(await suggest('keyCode', '  a  ')).toEqual([]);
    expect(await suggest('keyCode', '')).toEqual([]);
  });

  it('answers at most ten', async () => {
    const values = await suggest('keyCode', 'zz');
    expect(values).toHaveLength(10);
    expect(values?.[0]).toBe('ZZ-00');
  });

  it('suggests each attribute value once ignoring case, prefix matches first', async () => {
    expect(await suggest(11, 'bl')).toEqual(['Blue']);
    expect(await suggest(11, 'blue')).toEqual(['Blue', 'Cobalt blue']);
  });

  it('gives exact, dropdown, hidden and unknown fields none', async () => {
    expect(await suggest(12, 'la')).toBeNull();
    expect(await suggest(13, 'st')).toBeNull();
    expect(await suggest(14, 'se')).toBeNull();
    expect(await suggest(999, 'ab')).toBeNull();
    // the other type's key code is exact
    expect(await suggest('keyCode', 'ab', { slug: 'type-2' })).toBeNull();
    expect(await suggest('keyCode', 'ab', { slug: 'no-such-type' })).toBeNull();
  });

  it('follows the audience: a field partial for patients only suggests to patients only', async () => {
    expect(await suggest(14, 'se', { audience: 'PATIENT' })).toEqual(['Secret']);
    expect(await suggest(11, 'bl', { audience: 'PATIENT' })).toBeNull();
  });

  it('shows only what the publication shows at the instant: a scheduled product from its date on, never another type’s', async () => {
    expect(await suggest('keyCode', 'ab-s')).toEqual([]);
    expect(await suggest(11, 'blue-', { at: day(4) })).toEqual([]);
    expect(await suggest('keyCode', 'ab-s', { at: day(5) })).toEqual(['AB-SCHEDULED']);
    expect(await suggest(11, 'blue-', { at: day(5) })).toEqual(['Blue-green']);
    expect(await suggest('keyCode', 'ab-o')).toEqual([]);
  });
});

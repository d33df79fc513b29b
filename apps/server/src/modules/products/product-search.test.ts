import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema/index.js';
import { makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';
import { type Client, type ProductWorld, productWorld } from './products.test-support.js';

let ctx: TestContext;
let w: ProductWorld;
let type: Awaited<ReturnType<typeof makeProductType>>;
let colour: number;
let model: number;
let groupId: number;
const future = new Date('2999-01-01T00:00:00Z');
const past = new Date('2020-01-01T00:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  w = await productWorld(ctx);
  type = await makeProductType(ctx.db, w.unitA.id, { name: 'Catheters' }, [
    { name: 'Colour', slug: 'colour' },
    { name: 'Model', slug: 'model' },
  ]);
  [colour, model] = type.definitions.map((d) => d.id);
  await makeProduct(ctx.db, type, { keyCode: 'ABC-100', publishDate: past }, { [colour]: 'Red', [model]: 'M-2' });
  await makeProduct(ctx.db, type, { keyCode: 'abc-200' }, { [colour]: 'Dark red', [model]: 'M-1' });
  const grouped = await makeProduct(ctx.db, type, { keyCode: 'XYZ-300', publishDate: past }, { [colour]: 'Blue', [model]: 'M-3' });
  await makeProduct(ctx.db, type, { keyCode: 'X%Y-400', publishDate: future }, { [colour]: 'red_ish' });
  await makeProduct(ctx.db, type, { keyCode: 'Q-500', publishDate: past }, { [colour]: 'Green', [model]: 'M-0' });
  groupId = (await makeProductGroup(ctx.db, type, [grouped.id])).id;
  await makeProductGroup(ctx.db, type, [grouped.id]);
  const otherType = await makeProductType(ctx.db, w.unitA.id, {}, [{ name: 'Colour', slug: 'colour' }]);
  await makeProduct(ctx.db, otherType, { keyCode: 'ABC-900' });
  await makeProduct(ctx.db, w.typeB, { keyCode: 'ABC-777' });
  // the dated products are published or scheduled only once a publication holds them (decision 0051)
  await publishAsIs(ctx.db, w.unitA.id);
});
afterAll(() => ctx.close());

async function search(client: Client, query: string, body: Record<string, unknown> = {}) {
  return client({ method: 'POST', url: `/api/products/search?${query}`, payload: body });
}
async function keyCodes(query: string, body: Record<string, unknown> = {}, client: Client = w.reader): Promise<string[]> {
  const res = await search(client, query, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((i: { keyCode: string }) => i.keyCode);
}
const inType = () => `product-type=${type.id}&size=50`;

describe('POST /api/products/search: filters', () => {
  it('matches the key code exactly or partially, ignoring case', async () => {
    expect(await keyCodes(inType(), { keyCode: { value: 'abc-100', match: 'EXACT' } })).toEqual(['ABC-100']);
    expect(await keyCodes(inType(), { keyCode: { value: 'abc', match: 'EXACT' } })).toEqual([]);
    expect(await keyCodes(inType(), { keyCode: { value: 'aBc' } })).toEqual(['ABC-100', 'abc-200']);
    expect(await keyCodes(inType(), { keyCode: { value: 'C-1', match: 'PARTIAL' } })).toEqual(['ABC-100']);
  });

  it('treats LIKE wildcards in a partial filter as plain characters', async () => {
    expect(await keyCodes(inType(), { keyCode: { value: '%' } })).toEqual(['X%Y-400']);
    expect(await keyCodes(inType(), { keyCode: { value: 'X_Y' } })).toEqual([]);
    expect(await keyCodes(inType(), { attributes: [{ attributeDefinitionId: colour, value: 'd_i' }] })).toEqual(['X%Y-400']);
    expect(await keyCodes(inType(), { attributes: [{ attributeDefinitionId: colour, value: '\\' }] })).toEqual([]);
  });

  it('matches attribute values exactly or partially, ignoring case; every filter must match', async () => {
    const red = (match: string) => ({ attributes: [{ attributeDefinitionId: colour, value: 'RED', match }] });
    expect(await keyCodes(inType(), red('EXACT'))).toEqual(['ABC-100']);
    expect(await keyCodes(inType(), red('PARTIAL'))).toEqual(['ABC-100', 'abc-200', 'X%Y-400']);
    const both = {
      attributes: [
        { attributeDefinitionId: colour, value: 'red', match: 'PARTIAL' },
        { attributeDefinitionId: model, value: 'm-1', match: 'EXACT' },
      ],
    };
    expect(await keyCodes(inType(), both)).toEqual(['abc-200']);
    expect(await keyCodes(inType(), { ...red('PARTIAL'), keyCode: { value: 'X' } })).toEqual(['X%Y-400']);
    // the value of another attribute does not match
    expect(await keyCodes(inType(), { attributes: [{ attributeDefinitionId: model, value: 'red' }] })).toEqual([]);
  });

  it('text matches the key code or any value', async () => {
    expect(await keyCodes(inType(), { text: 'red' })).toEqual(['ABC-100', 'abc-200', 'X%Y-400']);
    expect(await keyCodes(inType(), { text: 'xyz' })).toEqual(['XYZ-300']);
    expect(await keyCodes(inType(), { text: 'm-3' })).toEqual(['XYZ-300']);
  });

  it('filters orphans, a product group and the publish state', async () => {
    expect(await keyCodes(inType(), { orphans: true })).toEqual(['ABC-100', 'abc-200', 'Q-500', 'X%Y-400']);
    expect(await keyCodes(inType(), { productGroupId: groupId })).toEqual(['XYZ-300']);
    expect(await keyCodes(inType(), { publishState: 'UNPUBLISHED' })).toEqual(['abc-200']);
    expect(await keyCodes(inType(), { publishState: 'SCHEDULED' })).toEqual(['X%Y-400']);
    expect(await keyCodes(inType(), { publishState: 'PUBLISHED' })).toEqual(['ABC-100', 'Q-500', 'XYZ-300']);
  });

  it('calls a dated product unpublished until the live publication holds it (decision 0051)', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const t = await makeProductType(ctx.db, unit.id, {}, []);
    await makeProduct(ctx.db, t, { keyCode: 'NEVER-PAST', publishDate: past });
    await makeProduct(ctx.db, t, { keyCode: 'NEVER-FUTURE', publishDate: future });
    const q = `product-type=${t.id}&size=50`;
    const reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ'], [unit.id])).id));
    expect(await keyCodes(q, { publishState: 'PUBLISHED' }, reader)).toEqual([]);
    expect(await keyCodes(q, { publishState: 'SCHEDULED' }, reader)).toEqual([]);
    expect(await keyCodes(q, { publishState: 'UNPUBLISHED' }, reader)).toEqual(['NEVER-FUTURE', 'NEVER-PAST']);
    const items = (await search(reader, q)).json().items as { publishState: string }[];
    expect(items.map((i) => i.publishState)).toEqual(['UNPUBLISHED', 'UNPUBLISHED']);
    await publishAsIs(ctx.db, unit.id);
    expect(await keyCodes(q, { publishState: 'PUBLISHED' }, reader)).toEqual(['NEVER-PAST']);
    expect(await keyCodes(q, { publishState: 'SCHEDULED' }, reader)).toEqual(['NEVER-FUTURE']);
    expect(await keyCodes(q, { publishState: 'UNPUBLISHED' }, reader)).toEqual([]);
    expect(await keyCodes(`business-unit=${unit.id}&size=50`, { publishState: 'UNPUBLISHED' }, reader)).toEqual([]);
    // a product dated after the publish, and one whose date was taken away, wait for the next one
    await makeProduct(ctx.db, t, { keyCode: 'LATER-PAST', publishDate: past });
    await ctx.db.update(product).set({ publishDate: null }).where(eq(product.keyCode, 'NEVER-FUTURE'));
    expect(await keyCodes(q, { publishState: 'UNPUBLISHED' }, reader)).toEqual(['LATER-PAST', 'NEVER-FUTURE']);
    expect(await keyCodes(`business-unit=${unit.id}&size=50`, { publishState: 'UNPUBLISHED' }, reader)).toEqual([
      'LATER-PAST',
      'NEVER-FUTURE',
    ]);
    const page = await search(reader, `product-type=${t.id}&size=1&page=1`, { publishState: 'UNPUBLISHED' });
    expect(page.json().pageable.totalElements).toBe(2);
    await publishAsIs(ctx.db, unit.id);
    expect(await keyCodes(q, { publishState: 'UNPUBLISHED' }, reader)).toEqual(['NEVER-FUTURE']);
    // the whole type's total: its kept count less its dated products the live publication holds
    const total = async (query: string) =>
      (await search(reader, query, { publishState: 'UNPUBLISHED' })).json().pageable.totalElements as number;
    expect(await total(q)).toBe(1);
    await makeProduct(ctx.db, t, { keyCode: 'UNDATED' });
    expect(await total(q)).toBe(2);
    await ctx.db.delete(product).where(eq(product.keyCode, 'LATER-PAST'));
    await ctx.db.update(product).set({ publishDate: null }).where(eq(product.keyCode, 'NEVER-PAST'));
    expect(await keyCodes(q, { publishState: 'UNPUBLISHED' }, reader)).toEqual(['NEVER-FUTURE', 'NEVER-PAST', 'UNDATED']);
    expect(await total(q)).toBe(3);
    expect(await total(`product-type=${t.id}&size=1&page=5`)).toBe(3);
  });

  it('answers list items with type name, values, group count and publish state', async () => {
    const res = await search(w.reader, inType(), { keyCode: { value: 'XYZ-300', match: 'EXACT' } });
    expect(res.json().items).toEqual([
      {
        id: expect.any(Number),
        businessUnitId: w.unitA.id,
        productTypeId: type.id,
        productTypeName: 'Catheters',
        keyCode: 'XYZ-300',
        publishDate: past.toISOString(),
        publishState: 'PUBLISHED',
        attributeValues: [
          { id: expect.any(Number), attributeDefinitionId: colour, value: 'Blue' },
          { id: expect.any(Number), attributeDefinitionId: model, value: 'M-3' },
        ],
        productGroups: 2,
        lastModifiedDate: expect.any(String),
      },
    ]);
  });

  it('answers 400 for malformed filters', async () => {
    expect((await search(w.reader, inType(), { keyCode: { value: 'a', match: 'FUZZY' } })).statusCode).toBe(400);
    expect((await search(w.reader, inType(), { keyCode: { value: '  ' } })).statusCode).toBe(400);
    expect((await search(w.reader, inType(), { attributes: [{ attributeDefinitionId: colour, value: 'x'.repeat(256) }] })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/products/search: paging and sorting', () => {
  it('pages with the total, sorted by key code (ignoring case) by default', async () => {
    const res = await search(w.reader, `product-type=${type.id}&page=1&size=2`);
    expect(res.json().pageable).toEqual({ pageNumber: 1, pageSize: 2, totalPages: 3, totalElements: 5 });
    expect(res.json().items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['Q-500', 'X%Y-400']);
    const last = await search(w.reader, `product-type=${type.id}&page=2&size=2`);
    expect(last.json().items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['XYZ-300']);
    const past = await search(w.reader, `product-type=${type.id}&page=9&size=2`);
    expect(past.json()).toEqual({ items: [], pageable: { pageNumber: 9, pageSize: 2, totalPages: 3, totalElements: 5 } });
    const none = await search(w.reader, `product-type=${type.id}`, { keyCode: { value: 'nothing-like-it' } });
    expect(none.json().pageable).toEqual({ pageNumber: 0, pageSize: 10, totalPages: 0, totalElements: 0 });
  });

  it('sorts by the fields and by an attribute value, products without a value last', async () => {
    expect(await keyCodes(`${inType()}&sort=keyCode,desc`)).toEqual(['XYZ-300', 'X%Y-400', 'Q-500', 'abc-200', 'ABC-100']);
    expect(await keyCodes(`${inType()}&sort=attribute.${model},asc`)).toEqual(['Q-500', 'abc-200', 'ABC-100', 'XYZ-300', 'X%Y-400']);
    expect(await keyCodes(`${inType()}&sort=attribute.${model},desc`)).toEqual(['XYZ-300', 'ABC-100', 'abc-200', 'Q-500', 'X%Y-400']);
    expect(await keyCodes(`${inType()}&sort=publishDate,asc&sort=id,desc`)).toEqual(['Q-500', 'XYZ-300', 'ABC-100', 'X%Y-400', 'abc-200']);
    for (const s of ['createdDate', 'lastModifiedDate', 'id']) expect(await keyCodes(`${inType()}&sort=${s},desc`)).toHaveLength(5);
    // a second sort field orders the products without the value
    expect(await keyCodes(`${inType()}&sort=attribute.${model},asc&sort=keyCode,desc`)).toEqual([
      'Q-500',
      'abc-200',
      'ABC-100',
      'XYZ-300',
      'X%Y-400',
    ]);
    for (const s of ['bogus', 'attribute.x', 'attribute', 'version']) {
      expect((await search(w.reader, `${inType()}&sort=${s}`)).statusCode, s).toBe(400);
    }
  });
});

describe('POST /api/products/search: pages sorted by an attribute (decision 0060)', () => {
  const page = async (query: string, body: Record<string, unknown> = {}) => {
    const res = await search(w.reader, `product-type=${type.id}&${query}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as { items: { keyCode: string }[]; pageable: { totalElements: number } };
    return { keyCodes: json.items.map((i) => i.keyCode), total: json.pageable.totalElements };
  };

  it('pages across the products with the value and those without, with the total', async () => {
    const asc = `sort=attribute.${model},asc`;
    expect(await page(`${asc}&size=2&page=0`)).toEqual({ keyCodes: ['Q-500', 'abc-200'], total: 5 });
    expect(await page(`${asc}&size=2&page=1`)).toEqual({ keyCodes: ['ABC-100', 'XYZ-300'], total: 5 });
    expect(await page(`${asc}&size=3&page=1`)).toEqual({ keyCodes: ['XYZ-300', 'X%Y-400'], total: 5 });
    expect(await page(`${asc}&size=2&page=2`)).toEqual({ keyCodes: ['X%Y-400'], total: 5 });
    expect(await page(`${asc}&size=2&page=3`)).toEqual({ keyCodes: [], total: 5 });
    expect(await page(`sort=attribute.${model},desc&size=3&page=1`)).toEqual({ keyCodes: ['Q-500', 'X%Y-400'], total: 5 });
  });

  it('keeps the filter in both parts', async () => {
    const asc = `sort=attribute.${model},asc`;
    expect(await page(`${asc}&size=3&page=0`, { orphans: true })).toEqual({ keyCodes: ['Q-500', 'abc-200', 'ABC-100'], total: 4 });
    expect(await page(`${asc}&size=3&page=1`, { orphans: true })).toEqual({ keyCodes: ['X%Y-400'], total: 4 });
    expect(await page(`${asc}&size=1&page=1`, { keyCode: { value: 'X' } })).toEqual({ keyCodes: ['X%Y-400'], total: 2 });
    expect(await page(`${asc}&size=1&page=2`, { keyCode: { value: 'X' } })).toEqual({ keyCodes: [], total: 2 });
  });

  it('sorts by an attribute of another type: no product has the value', async () => {
    const other = await makeProductType(ctx.db, w.unitA.id, {}, [{ name: 'Size', slug: 'size' }]);
    const sizeId = other.definitions[0].id;
    expect(await page(`sort=attribute.${sizeId},asc&size=2&page=1`)).toEqual({ keyCodes: ['XYZ-300', 'X%Y-400'], total: 5 });
  });
});

describe('POST /api/products/search: scope and access', () => {
  it('searches every product type of a business unit', async () => {
    const codes = await keyCodes(`business-unit=${w.unitA.id}&size=50`, { keyCode: { value: 'abc' } });
    expect(codes).toEqual(['ABC-100', 'abc-200', 'ABC-900']);
  });

  it('searches the orphans and the unpublished and scheduled products of every type of a unit, as many as its statistics count', async () => {
    const orphans = await search(w.reader, `business-unit=${w.unitA.id}&size=50`, { orphans: true });
    expect(orphans.json().items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['ABC-100', 'abc-200', 'ABC-900', 'Q-500', 'X%Y-400']);
    const unpublished = await search(w.reader, `business-unit=${w.unitA.id}&size=50`, { publishState: 'UNPUBLISHED' });
    expect(unpublished.json().items.map((i: { keyCode: string }) => i.keyCode)).toEqual(['abc-200', 'ABC-900']);
    const scheduled = await search(w.reader, `business-unit=${w.unitA.id}&size=50`, { publishState: 'SCHEDULED' });
    const stats = (await w.reader({ method: 'GET', url: `/api/business-units/${w.unitA.id}/statistics` })).json();
    expect(orphans.json().pageable.totalElements).toBe(stats.orphans.products);
    expect(unpublished.json().pageable.totalElements).toBe(stats.publishStatus.productsNoDate);
    expect(scheduled.json().pageable.totalElements).toBe(stats.publishStatus.productsFutureDate);
  });

  it('answers 401 without a token, 403 without a product right or with it only in another unit, 404 for an unknown type', async () => {
    expect((await search(w.anonymous, inType())).statusCode).toBe(401);
    for (const client of [w.noRight, w.elsewhere]) {
      expect((await search(client, inType())).statusCode).toBe(403);
      expect((await search(client, `business-unit=${w.unitA.id}`)).statusCode).toBe(403);
    }
    expect((await search(w.manager, inType())).statusCode).toBe(200);
    expect((await search(w.reader, 'product-type=999999')).statusCode).toBe(404);
  });

  it('answers 404 for a product type deleted after a search of it', async () => {
    const typist = as(
      ctx.app,
      await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ', 'PRODUCT_TYPE_DELETE'], [w.unitA.id])).id),
    );
    const empty = await makeProductType(ctx.db, w.unitA.id, {}, [{ name: 'Colour', slug: 'colour' }]);
    expect((await search(typist, `product-type=${empty.id}`)).statusCode).toBe(200);
    expect((await typist({ method: 'DELETE', url: `/api/product-types/${empty.id}` })).statusCode).toBe(204);
    expect((await search(typist, `product-type=${empty.id}`)).statusCode).toBe(404);
  });

  it('searches across business units with PRODUCT_SEARCH_ADMIN held globally, and only so', async () => {
    const codes = await keyCodes('size=50', { keyCode: { value: 'abc' } }, w.searchAdmin);
    expect(codes).toEqual(['ABC-100', 'abc-200', 'ABC-777', 'ABC-900']);
    const res = await search(w.searchAdmin, 'size=50', { text: 'abc-777' });
    expect(res.json().items[0]).toMatchObject({ businessUnitId: w.unitB.id, productTypeId: w.typeB.id });
    const readerEverywhere = as(
      ctx.app,
      await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'all')).id),
    );
    const adminInUnit = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_SEARCH_ADMIN'], [w.unitA.id])).id));
    for (const client of [w.reader, w.elsewhere, readerEverywhere, adminInUnit]) {
      expect((await search(client, 'size=50', { text: 'abc' })).statusCode).toBe(403);
    }
    // a right on all units still reads any one unit
    expect((await search(readerEverywhere, `business-unit=${w.unitB.id}`)).statusCode).toBe(200);
  });
});

describe('the total of a whole product type (kept count, migration 0004)', () => {
  let unit: Awaited<ReturnType<typeof makeBusinessUnit>>;
  let reader: Client;
  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db);
    reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ'], [unit.id])).id));
  });
  const total = async (typeId: number, body: Record<string, unknown> = {}) => {
    const res = await search(reader, `product-type=${typeId}&size=2`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().pageable.totalElements as number;
  };
  const counted = async (typeId: number) =>
    (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(product).where(eq(product.productTypeId, typeId)))[0].n;

  it('equals the counted total through inserts, deletes, moves and a rolled-back transaction', async () => {
    const t = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Colour', slug: 'colour' }]);
    const other = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Colour', slug: 'colour' }]);
    expect(await total(t.id)).toBe(0);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeProduct(ctx.db, t, { keyCode: `CNT-${t.id}-${i}` }));
    expect(await total(t.id)).toBe(5);
    // page past the end: the same total
    expect((await search(reader, `product-type=${t.id}&size=2&page=9`)).json().pageable.totalElements).toBe(5);
    await ctx.db.delete(product).where(inArray(product.id, [made[0].id, made[1].id]));
    expect(await total(t.id)).toBe(3);
    await ctx.db.update(product).set({ productTypeId: other.id }).where(eq(product.id, made[2].id));
    expect([await total(t.id), await total(other.id)]).toEqual([2, 1]);
    await ctx.db
      .transaction(async (tx) => {
        await makeProduct(tx, t, { keyCode: `CNT-${t.id}-rolled-back` });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await total(t.id)).toBe(2);
    expect([await total(t.id), await total(other.id)]).toEqual([await counted(t.id), await counted(other.id)]);
    // a filter counts what it matches
    expect(await total(t.id, { keyCode: { value: `CNT-${t.id}-4`, match: 'EXACT' } })).toBe(1);
  });
});

describe('GET /api/business-units/{id}/statistics', () => {
  it('counts the products of the unit, the orphans and the unpublished and scheduled ones', async () => {
    const res = await w.reader({ method: 'GET', url: `/api/business-units/${w.unitA.id}/statistics` });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    // unit A: the five products of the type (one in groups) and ABC-900 (no date)
    expect(stats.products).toBe(6);
    expect(stats.orphans.products).toBe(5);
    expect(stats.publishStatus).toMatchObject({ productsNoDate: 2, productsFutureDate: 1 });
    const b = (await w.elsewhere({ method: 'GET', url: `/api/business-units/${w.unitB.id}/statistics` })).json();
    expect(b).toMatchObject({ products: 1, orphans: { products: 1 }, publishStatus: { productsNoDate: 1, productsFutureDate: 0 } });
  });
});

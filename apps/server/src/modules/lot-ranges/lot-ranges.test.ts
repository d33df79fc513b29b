import { CatalogueErrorKeys, ErrorKeys, HEADER_ALERT } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotRange } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  auditsOf,
  linksOf,
  lotRangesNamed,
  type ProductWorld,
  productsWithKeyCode,
  productWorld,
  unique,
} from '../products/products.test-support.js';

let ctx: TestContext;
let w: ProductWorld;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await productWorld(ctx);
});
afterAll(() => ctx.close());

const rangeRow = async (id: number) => (await ctx.db.select().from(lotRange).where(eq(lotRange.id, id)))[0];
const createBody = (lotRanges: unknown[], over: Record<string, unknown> = {}) => ({
  productTypeId: w.type.id,
  keyCode: `KC-${unique()}`,
  publishDate: null,
  attributeValues: [],
  lotRanges,
  ...over,
});
const post = (body: Record<string, unknown>) => w.manager({ method: 'POST', url: '/api/products', payload: body });
const put = (body: Record<string, unknown>) => w.manager({ method: 'PUT', url: '/api/products', payload: body });
const get = async (id: number) => (await w.manager({ method: 'GET', url: `/api/products/${id}` })).json();
function bodyOf(p: Record<string, unknown>, lotRanges: unknown[]) {
  const { id, version, productTypeId, keyCode, publishDate } = p;
  return { id, version, productTypeId, keyCode, publishDate, attributeValues: [], productGroupIds: [], lotRanges };
}
/** A product type with lot numbers of its own, so that ranges applying to all of other tests stay out of sight. */
const lotType = () => makeProductType(ctx.db, w.unitA.id, { lotNumbers: true }, [{ name: 'Lots', type: 'MULTI_ARRAY' }]);
const range = (over: Record<string, unknown> = {}) => ({ name: `Lots ${unique()}`, numbers: ['L1', 'L2'], ...over });

/** Expects a 400 with the key, and neither the product nor a range named `name` stored. */
async function rejected(lotRanges: unknown[], key: string, name?: string) {
  const body = createBody(lotRanges);
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(key);
  expect(await productsWithKeyCode(ctx, body.keyCode)).toHaveLength(0);
  if (name) expect(await lotRangesNamed(ctx, name)).toHaveLength(0);
  return res.json();
}

describe('lot ranges in a product', () => {
  it('creates new ranges and links them, with an audit row each; the product shows them', async () => {
    const r = range({ numbers: [' A1 ', 'A2', 'A1'], archiveDate: '2999-01-01T00:00:00Z' });
    const res = await post(createBody([r]));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    const [row] = await lotRangesNamed(ctx, r.name);
    expect(row).toMatchObject({ businessUnitId: w.unitA.id, productTypeId: w.type.id, numbers: ['A1', 'A2'], appliesToAll: false });
    expect(p.lotRanges).toEqual([
      {
        id: row.id,
        businessUnitId: w.unitA.id,
        productTypeId: w.type.id,
        name: r.name,
        numbers: ['A1', 'A2'],
        archiveDate: '2999-01-01T00:00:00.000Z',
        archived: false,
        appliesToAll: false,
        version: 0,
      },
    ]);
    expect(await linksOf(ctx, row.id)).toEqual([p.id]);
    expect((await auditsOf(ctx, 'lot-range', row.id))[0]).toMatchObject({ action: 'CREATE', businessUnitId: w.unitA.id });
    expect((await auditsOf(ctx, 'product', p.id))[0].changes).toMatchObject({ lotRangeIds: [row.id] });
  });

  it('checks each entry on its own: an object with a name and numbers that are strings under 250 characters', async () => {
    await rejected(['text'], CatalogueErrorKeys.lotRangeNotAnObject);
    await rejected([null], CatalogueErrorKeys.lotRangeNotAnObject);
    await rejected([[1]], CatalogueErrorKeys.lotRangeNotAnObject);
    await rejected([{ numbers: ['1'] }], CatalogueErrorKeys.lotRangeMissingName);
    await rejected([{ name: '  ', numbers: ['1'] }], CatalogueErrorKeys.lotRangeMissingName);
    const n1 = `Lots ${unique()}`;
    await rejected([{ name: n1 }], CatalogueErrorKeys.lotRangeMissingNumbers, n1);
    await rejected([{ name: n1, numbers: [] }], CatalogueErrorKeys.lotRangeMissingNumbers, n1);
    await rejected([{ name: n1, numbers: 'L1' }], CatalogueErrorKeys.lotRangeMissingNumbers, n1);
    await rejected([{ name: n1, numbers: ['L1', 7] }], CatalogueErrorKeys.lotRangeNumberInvalid, n1);
    await rejected([{ name: n1, numbers: ['  '] }], CatalogueErrorKeys.lotRangeNumberInvalid, n1);
    const long = await rejected([range(), { name: n1, numbers: ['x'.repeat(250)] }], CatalogueErrorKeys.lotRangeNumberTooLong, n1);
    expect(long.params).toEqual({ max: 249 });
    expect(long.fieldErrors[0].field).toBe('lotRanges.1.numbers');
    expect((await post(createBody([{ name: n1, numbers: ['x'.repeat(249)] }]))).statusCode).toBe(201);
    const badName = await post(createBody([{ name: 'bad<name>', numbers: ['1'] }]));
    expect(badName.json()).toMatchObject({
      message: ErrorKeys.validation,
      fieldErrors: [{ field: 'lotRanges.0.name', message: 'Pattern' }],
    });
  });

  it('names an existing range of the business unit by id (error.lotRange.missingId), of the same product type', async () => {
    const inB = await makeLotRange(ctx.db, w.typeB, [], { appliesToAll: true });
    const name = `Lots ${unique()}`;
    for (const id of [999999, inB.id, 'x', 1.5]) {
      const json = await rejected([range({ id, name })], CatalogueErrorKeys.lotRangeMissingId, name);
      expect(json.params).toEqual({ id });
    }
    const otherType = await makeLotRange(ctx.db, w.otherType, [], { appliesToAll: true });
    const json = await rejected(
      [{ id: otherType.id, name: otherType.name, numbers: otherType.numbers }],
      CatalogueErrorKeys.lotRangeProductTypeMismatch,
    );
    expect(json.params).toEqual({ id: otherType.id, name: otherType.name });
  });

  it('keeps names unique in the request and in the business unit, ignoring case', async () => {
    const name = `Lots ${unique()}`;
    const dup = await rejected([range({ name }), range({ name: name.toUpperCase() })], CatalogueErrorKeys.lotRangeDuplicateName, name);
    expect(dup.params).toEqual({ name: name.toUpperCase() });
    const existing = await makeLotRange(ctx.db, w.type, [], { appliesToAll: true });
    const taken = await rejected([range({ name: existing.name.toLowerCase() })], CatalogueErrorKeys.lotRangeNameTaken);
    expect(taken.params).toEqual({ name: existing.name.toLowerCase() });
    // the name space is the business unit: a range of another type of the unit takes the name too
    const ofOtherType = await makeLotRange(ctx.db, w.otherType, [], { appliesToAll: true });
    await rejected([range({ name: ofOtherType.name })], CatalogueErrorKeys.lotRangeNameTaken);
    // a range of another business unit does not
    const inB = await makeLotRange(ctx.db, w.typeB, [], { appliesToAll: true });
    expect((await post(createBody([range({ name: inB.name })]))).statusCode).toBe(201);
  });

  it('needs the lot-numbers switch and a lot-number attribute (error.productType.lotNumbersDisabled)', async () => {
    const off = await makeProductType(ctx.db, w.unitA.id, { lotNumbers: false }, [{ name: 'Lots', type: 'MULTI_ARRAY' }]);
    const noAttribute = await makeProductType(ctx.db, w.unitA.id, { lotNumbers: true }, [{ name: 'Size' }]);
    for (const t of [off, noAttribute]) {
      const name = `Lots ${unique()}`;
      const body = createBody([range({ name })], { productTypeId: t.id });
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CatalogueErrorKeys.lotNumbersDisabled);
      expect(await productsWithKeyCode(ctx, body.keyCode)).toHaveLength(0);
      expect(await lotRangesNamed(ctx, name)).toHaveLength(0);
      expect((await post(createBody([], { productTypeId: t.id }))).statusCode).toBe(201);
    }
  });

  it('while lot numbers are off, keeps the stored ranges: an empty list or the same ranges unchanged are accepted', async () => {
    const t = await makeProductType(ctx.db, w.unitA.id, { lotNumbers: false }, [{ name: 'Lots', type: 'MULTI_ARRAY' }]);
    const p = await makeProduct(ctx.db, t);
    const r = await makeLotRange(ctx.db, t, [p.id]);
    const shown = await get(p.id);
    expect(shown.lotRanges.map((x: { id: number }) => x.id)).toEqual([r.id]);
    const same = await put(bodyOf(shown, shown.lotRanges));
    expect(same.statusCode, same.body).toBe(200);
    const empty = await put(bodyOf(same.json(), []));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await linksOf(ctx, r.id)).toEqual([p.id]);
    const changed = await put(bodyOf(empty.json(), [{ ...shown.lotRanges[0], numbers: ['new'] }]));
    expect(changed.json().message).toBe(CatalogueErrorKeys.lotNumbersDisabled);
    expect((await rangeRow(r.id)).numbers).toEqual(r.numbers);
  });

  it('updates a named range, links it, and audits the change; a stale range version answers 409', async () => {
    const a = await makeProduct(ctx.db, w.type);
    const r = await makeLotRange(ctx.db, w.type, [a.id]);
    const b = (await post(createBody([]))).json();
    const name = `Renamed ${unique()}`;
    const res = await put(bodyOf(b, [{ id: r.id, name, numbers: ['N1'], version: 0 }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rangeRow(r.id)).toMatchObject({ name, numbers: ['N1'], version: 1 });
    expect(await linksOf(ctx, r.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect((await auditsOf(ctx, 'lot-range', r.id))[0]).toMatchObject({ action: 'UPDATE', changes: { name: { from: r.name, to: name } } });
    const stale = await put(bodyOf(res.json(), [{ id: r.id, name: `${name} 2`, numbers: ['N1'], version: 0 }]));
    expect(stale.statusCode).toBe(409);
    expect((await rangeRow(r.id)).name).toBe(name);
    // unchanged entries need no version
    expect((await put(bodyOf(res.json(), [{ id: r.id, name, numbers: ['N1'] }]))).statusCode).toBe(200);
  });

  it('deletes a range removed from its last product, keeps one still linked elsewhere or applying to all', async () => {
    const t = await lotType();
    const a = await makeProduct(ctx.db, t);
    const b = await makeProduct(ctx.db, t);
    const onlyA = await makeLotRange(ctx.db, t, [a.id]);
    const shared = await makeLotRange(ctx.db, t, [a.id, b.id]);
    const all = await makeLotRange(ctx.db, t, [a.id], { appliesToAll: true });
    const shown = await get(a.id);
    expect(shown.lotRanges.map((x: { id: number }) => x.id).sort()).toEqual([onlyA.id, shared.id, all.id].sort());
    const res = await put(bodyOf(shown, []));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rangeRow(onlyA.id)).toBeUndefined();
    expect((await auditsOf(ctx, 'lot-range', onlyA.id))[0]).toMatchObject({ action: 'DELETE' });
    expect(await linksOf(ctx, shared.id)).toEqual([b.id]);
    expect(await rangeRow(all.id)).toBeDefined();
    // a range that applies to all is shown by every product of the type
    expect(res.json().lotRanges.map((x: { id: number }) => x.id)).toEqual([all.id]);
    expect((await get(b.id)).lotRanges.map((x: { id: number }) => x.id).sort()).toEqual([shared.id, all.id].sort());
  });

  it('a product delete deletes the ranges it leaves without products, unless they apply to all', async () => {
    const a = await makeProduct(ctx.db, w.type);
    const b = await makeProduct(ctx.db, w.type);
    const onlyA = await makeLotRange(ctx.db, w.type, [a.id]);
    const shared = await makeLotRange(ctx.db, w.type, [a.id, b.id]);
    const all = await makeLotRange(ctx.db, w.type, [a.id], { appliesToAll: true });
    expect((await w.deleter({ method: 'DELETE', url: `/api/products/${a.id}` })).statusCode).toBe(204);
    expect(await rangeRow(onlyA.id)).toBeUndefined();
    expect(await linksOf(ctx, shared.id)).toEqual([b.id]);
    expect(await rangeRow(all.id)).toBeDefined();
    expect((await auditsOf(ctx, 'product', a.id))[0].changes).toMatchObject({ deletedLotRangeIds: [onlyA.id] });
  });

  it('a range that applies to all belongs to the type, not to the product that created it', async () => {
    const name = `All ${unique()}`;
    const t = await lotType();
    const p = (await post(createBody([range({ name, appliesToAll: true })], { productTypeId: t.id }))).json();
    const [row] = await lotRangesNamed(ctx, name);
    expect(await linksOf(ctx, row.id)).toEqual([]);
    expect(p.lotRanges).toEqual([expect.objectContaining({ id: row.id, appliesToAll: true })]);
    // switched off in a product's form, it stays with that product only
    const res = await put(bodyOf(p, [{ id: row.id, name, numbers: row.numbers, appliesToAll: false }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(await linksOf(ctx, row.id)).toEqual([p.id]);
  });
});

describe('GET /api/products/review-lot-ranges', () => {
  let rA: { id: number; name: string };
  let archived: { id: number };
  let productId: number;
  beforeAll(async () => {
    const p = await makeProduct(ctx.db, w.otherType, { keyCode: `REV-${unique()}` });
    productId = p.id;
    rA = await makeLotRange(ctx.db, w.otherType, [p.id], { name: `Review ${unique()}` });
    archived = await makeLotRange(ctx.db, w.otherType, [p.id], { archiveDate: new Date('2020-01-01T00:00:00Z') });
  });

  it('lists the ranges of a product type or a business unit with their products; archived filters', async () => {
    const byType = await w.reader({ method: 'GET', url: `/api/products/review-lot-ranges?product-type=${w.otherType.id}` });
    expect(byType.statusCode, byType.body).toBe(200);
    const item = byType.json().find((x: { id: number }) => x.id === rA.id);
    expect(item).toMatchObject({ name: rA.name, productTypeName: w.otherType.name, archived: false, products: [{ id: productId }] });
    expect(byType.json().every((x: { productTypeId: number }) => x.productTypeId === w.otherType.id)).toBe(true);
    const byUnit = (await w.reader({ method: 'GET', url: `/api/products/review-lot-ranges?business-unit=${w.unitA.id}` })).json();
    expect(byUnit.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([rA.id, archived.id]));
    expect(byUnit.every((x: { businessUnitId: number }) => x.businessUnitId === w.unitA.id)).toBe(true);
    const onlyArchived = (
      await w.reader({ method: 'GET', url: `/api/products/review-lot-ranges?business-unit=${w.unitA.id}&archived=true` })
    ).json();
    expect(onlyArchived.map((x: { id: number }) => x.id)).toEqual([archived.id]);
    const current = (
      await w.reader({ method: 'GET', url: `/api/products/review-lot-ranges?business-unit=${w.unitA.id}&archived=false` })
    ).json();
    expect(current.map((x: { id: number }) => x.id)).not.toContain(archived.id);
  });

  it('answers 401, 403 (no right, other unit), 400 without a scope, 404 for an unknown product type', async () => {
    const url = `/api/products/review-lot-ranges?business-unit=${w.unitA.id}`;
    expect((await w.anonymous({ method: 'GET', url })).statusCode).toBe(401);
    expect((await w.noRight({ method: 'GET', url })).statusCode).toBe(403);
    expect((await w.elsewhere({ method: 'GET', url })).statusCode).toBe(403);
    expect((await w.elsewhere({ method: 'GET', url: `/api/products/review-lot-ranges?product-type=${w.type.id}` })).statusCode).toBe(403);
    expect((await w.reader({ method: 'GET', url: '/api/products/review-lot-ranges' })).statusCode).toBe(400);
    expect((await w.reader({ method: 'GET', url: '/api/products/review-lot-ranges?product-type=999999' })).statusCode).toBe(404);
  });
});

describe('PUT /api/lot-ranges/{id}/archive', () => {
  it('archives a range and restores it, with an alert and an audit row each', async () => {
    const r = await makeLotRange(ctx.db, w.type, [(await makeProduct(ctx.db, w.type)).id]);
    const now = new Date().toISOString();
    const res = await w.manager({ method: 'PUT', url: `/api/lot-ranges/${r.id}/archive`, payload: { archiveDate: now, version: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[HEADER_ALERT]).toBe('vellumApp.lotRange.archived');
    expect(res.json()).toMatchObject({ id: r.id, archived: true, archiveDate: now, version: 1, productTypeName: w.type.name });
    expect((await auditsOf(ctx, 'lot-range', r.id))[0]).toMatchObject({ action: 'ARCHIVE', businessUnitId: w.unitA.id });
    const restored = await w.manager({ method: 'PUT', url: `/api/lot-ranges/${r.id}/archive`, payload: { archiveDate: null, version: 1 } });
    expect(restored.json()).toMatchObject({ archived: false, archiveDate: null, version: 2 });
    expect(restored.headers[HEADER_ALERT]).toBe('vellumApp.lotRange.restored');
    expect((await auditsOf(ctx, 'lot-range', r.id))[0]).toMatchObject({ action: 'RESTORE' });
  });

  it('answers 401, 403 (reader, other unit), 400 and 409 without a change, 404 for a missing range', async () => {
    const r = await makeLotRange(ctx.db, w.type, [], { appliesToAll: true });
    const url = `/api/lot-ranges/${r.id}/archive`;
    const payload = { archiveDate: new Date().toISOString(), version: 0 };
    expect((await w.anonymous({ method: 'PUT', url, payload })).statusCode).toBe(401);
    for (const client of [w.reader, w.noRight, w.elsewhere]) expect((await client({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await w.manager({ method: 'PUT', url, payload: { archiveDate: 'yesterday', version: 0 } })).statusCode).toBe(400);
    expect((await w.manager({ method: 'PUT', url, payload: { ...payload, version: 3 } })).statusCode).toBe(409);
    expect(await rangeRow(r.id)).toMatchObject({ archiveDate: null, version: 0 });
    expect((await w.manager({ method: 'PUT', url: '/api/lot-ranges/999999/archive', payload })).statusCode).toBe(404);
  });
});

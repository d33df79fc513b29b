import type { AccessRight } from '@vellum/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeValue,
  auditLog,
  lotRange,
  product,
  productGroup,
  productGroupProduct,
  productGroupRemark,
  productRemark,
} from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

type Type = Awaited<ReturnType<typeof makeProductType>>;

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
let typeA: Type;
let typeA2: Type;
let typeB: Type;
/** PRODUCT_MANAGE and PRODUCT_DELETE in unit A. */
let manager: ReturnType<typeof as>;
/** PRODUCT_MANAGE in unit A, without the delete right. */
let editor: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
/** Rights on other areas in unit A. */
let nobody: ReturnType<typeof as>;
/** Every product right, but in unit B. */
let elsewhere: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
  typeA = await makeProductType(ctx.db, unitA.id, {}, [{ name: 'Model' }]);
  typeA2 = await makeProductType(ctx.db, unitA.id);
  typeB = await makeProductType(ctx.db, unitB.id);
  manager = await client(['PRODUCT_MANAGE', 'PRODUCT_DELETE'], [unitA.id]);
  editor = await client(['PRODUCT_MANAGE'], [unitA.id]);
  reader = await client(['PRODUCT_READ'], [unitA.id]);
  nobody = await client(['PRODUCT_TYPE_MANAGE', 'PRODUCT_REMARK_MANAGE', 'PRODUCT_TYPE_DELETE'], [unitA.id]);
  elsewhere = await client(['PRODUCT_MANAGE', 'PRODUCT_READ', 'PRODUCT_DELETE'], [unitB.id]);
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const groupRow = async (id: number) => (await ctx.db.select().from(productGroup).where(eq(productGroup.id, id)))[0];
const groupsNamed = (name: string) => ctx.db.select().from(productGroup).where(eq(productGroup.name, name));
const productIdsOf = async (groupId: number) =>
  (await ctx.db.select().from(productGroupProduct).where(eq(productGroupProduct.productGroupId, groupId)))
    .map((l) => l.productId)
    .sort((a, b) => a - b);
const remarkIdsOf = async (groupId: number) =>
  (await ctx.db.select().from(productGroupRemark).where(eq(productGroupRemark.productGroupId, groupId)))
    .map((l) => l.productRemarkId)
    .sort((a, b) => a - b);
const auditsOf = (entityName: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, entityName), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const existingProducts = async (ids: number[]) =>
  (await ctx.db.select({ id: product.id }).from(product).where(inArray(product.id, ids))).map((p) => p.id).sort((a, b) => a - b);
const bodyOf = (g: typeof productGroup.$inferSelect, productIds: number[], remarkIds: number[], over: Record<string, unknown> = {}) => ({
  id: g.id,
  name: g.name,
  productTypeId: g.productTypeId,
  productIds,
  remarkIds,
  version: g.version,
  ...over,
});

describe('GET /api/product-groups', () => {
  const tag = unique();
  let type: Type;
  let big: { id: number };
  let small: { id: number };
  let empty: { id: number };
  let otherType: { id: number };
  beforeAll(async () => {
    type = await makeProductType(ctx.db, unitA.id);
    const p = await Promise.all([1, 2, 3].map(() => makeProduct(ctx.db, type)));
    const remark = await makeProductRemark(ctx.db, unitA.id);
    big = await makeProductGroup(ctx.db, type, [p[0].id, p[1].id, p[2].id], { name: `beta ${tag}` }, [remark.id]);
    small = await makeProductGroup(ctx.db, type, [p[0].id], { name: `Alpha ${tag}` });
    empty = await makeProductGroup(ctx.db, type, [], { name: `Gamma ${tag}` });
    otherType = await makeProductGroup(ctx.db, typeA2, [], { name: `Delta ${tag}` });
  });
  const ids = (res: { json(): { id: number }[] }) => res.json().map((g) => g.id);

  it('answers 401, 403 without a product right or with it only in another unit, 400 without a filter, 404 for an unknown type', async () => {
    expect((await as(ctx.app, undefined)({ method: 'GET', url: `/api/product-groups?business-unit=${unitA.id}` })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) {
      expect((await c({ method: 'GET', url: `/api/product-groups?business-unit=${unitA.id}` })).statusCode).toBe(403);
      expect((await c({ method: 'GET', url: `/api/product-groups?product-type=${type.id}` })).statusCode).toBe(403);
    }
    // the product type decides the unit: naming one's own unit does not open another unit's type
    expect(
      (await elsewhere({ method: 'GET', url: `/api/product-groups?product-type=${type.id}&business-unit=${unitB.id}` })).statusCode,
    ).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/product-groups' })).statusCode).toBe(400);
    expect((await reader({ method: 'GET', url: '/api/product-groups?product-type=99999999' })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url: `/api/product-groups?business-unit=${unitA.id}&sort=documents,asc` })).statusCode).toBe(400);
  });

  it('lists the groups of a product type by name with their counts', async () => {
    for (const c of [reader, editor]) {
      const res = await c({ method: 'GET', url: `/api/product-groups?product-type=${type.id}` });
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([small.id, big.id, empty.id]);
      expect(res.headers['x-total-count']).toBe('3');
    }
    const res = await reader({ method: 'GET', url: `/api/product-groups?product-type=${type.id}&search=BETA` });
    expect(res.json()).toEqual([
      {
        id: big.id,
        businessUnitId: unitA.id,
        productTypeId: type.id,
        name: `beta ${tag}`,
        documents: 0,
        version: 0,
        productCount: 3,
        remarkCount: 1,
      },
    ]);
  });

  it('sorts, pages and lists a whole business unit', async () => {
    const byCount = await reader({ method: 'GET', url: `/api/product-groups?product-type=${type.id}&sort=productCount,desc` });
    expect(ids(byCount)).toEqual([big.id, small.id, empty.id]);
    const page = await reader({ method: 'GET', url: `/api/product-groups?product-type=${type.id}&sort=name,desc&page=1&size=2` });
    expect(ids(page)).toEqual([small.id]);
    expect(page.headers['x-total-count']).toBe('3');
    const unit = await reader({ method: 'GET', url: `/api/product-groups?business-unit=${unitA.id}&search=${tag}` });
    expect(ids(unit)).toEqual([small.id, big.id, otherType.id, empty.id]);
    const both = await reader({ method: 'GET', url: `/api/product-groups?business-unit=${unitB.id}&product-type=${type.id}` });
    expect(both.json()).toEqual([]);
  });

  it('orphans-only lists the groups without products', async () => {
    const res = await reader({ method: 'GET', url: `/api/product-groups?business-unit=${unitA.id}&search=${tag}&orphans-only=true` });
    expect(ids(res)).toEqual([otherType.id, empty.id]);
    expect(res.headers['x-total-count']).toBe('2');
    const all = await reader({ method: 'GET', url: `/api/product-groups?product-type=${type.id}&orphans-only=false` });
    expect(all.json()).toHaveLength(3);
  });
});

describe('GET /api/product-groups/{id}', () => {
  it('answers 401, 403, 404 and the group with its products and remarks', async () => {
    const p2 = await makeProduct(ctx.db, typeA, { keyCode: `b-${unique()}` });
    const p1 = await makeProduct(ctx.db, typeA, { keyCode: `A-${unique()}` });
    const r2 = await makeProductRemark(ctx.db, unitA.id, { visualizationOrder: 2 });
    const r1 = await makeProductRemark(ctx.db, unitA.id, { visualizationOrder: 1 });
    const g = await makeProductGroup(ctx.db, typeA, [p2.id, p1.id], {}, [r2.id, r1.id]);
    const url = `/api/product-groups/${g.id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/product-groups/99999999' })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url: '/api/product-groups/3000000000' })).statusCode).toBe(400);
    const res = await reader({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: g.id,
      businessUnitId: unitA.id,
      productTypeId: typeA.id,
      name: g.name,
      products: [
        { id: p1.id, keyCode: p1.keyCode },
        { id: p2.id, keyCode: p2.keyCode },
      ],
      remarks: [
        { id: r1.id, name: r1.name },
        { id: r2.id, name: r2.name },
      ],
      documents: 0,
      version: 0,
    });
  });
});

describe('POST /api/product-groups', () => {
  const valid = (over: Record<string, unknown> = {}) => ({ name: `Group ${unique()}`, productTypeId: typeA.id, ...over });

  it('answers 401, and 403 without PRODUCT_MANAGE in the type’s unit, storing nothing', async () => {
    const body = valid();
    expect((await as(ctx.app, undefined)({ method: 'POST', url: '/api/product-groups', payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere])
      expect((await c({ method: 'POST', url: '/api/product-groups', payload: body })).statusCode).toBe(403);
    expect(await groupsNamed(body.name)).toEqual([]);
  });

  it('answers 400 for invalid fields and stores nothing', async () => {
    const name = `Group ${unique()}`;
    for (const body of [
      valid({ name: '' }),
      valid({ name: 'semi;colon' }),
      { name },
      valid({ name, productTypeId: null }),
      valid({ name, productIds: ['x'] }),
      valid({ name, remarkIds: [0] }),
    ]) {
      const res = await manager({ method: 'POST', url: '/api/product-groups', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await groupsNamed(name)).toEqual([]);
  });

  it('answers error.productGroup.productTypeRequired for an unknown product type', async () => {
    const body = valid({ productTypeId: 99999999 });
    const res = await manager({ method: 'POST', url: '/api/product-groups', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.productGroup.productTypeRequired', fieldErrors: [{ field: 'productTypeId' }] });
    expect(await groupsNamed(body.name)).toEqual([]);
  });

  it('creates the group with its products and remarks (201) and audits it', async () => {
    const p = await makeProduct(ctx.db, typeA);
    const r = await makeProductRemark(ctx.db, unitA.id);
    const body = valid({ productIds: [p.id, p.id], remarkIds: [r.id] });
    const res = await editor({ method: 'POST', url: '/api/product-groups', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productGroup.created');
    const g = res.json();
    expect(g).toMatchObject({
      name: body.name,
      businessUnitId: unitA.id,
      productTypeId: typeA.id,
      products: [{ id: p.id, keyCode: p.keyCode }],
      remarks: [{ id: r.id, name: r.name }],
      version: 0,
    });
    expect(await productIdsOf(g.id)).toEqual([p.id]);
    const [a] = await auditsOf('product-group', g.id);
    expect(a).toMatchObject({
      action: 'CREATE',
      businessUnitId: unitA.id,
      changes: { name: body.name, productIds: [p.id], remarkIds: [r.id] },
    });
  });

  it('refuses a name taken in the product type regardless of case; other types may use it', async () => {
    const taken = await makeProductGroup(ctx.db, typeA);
    const res = await manager({ method: 'POST', url: '/api/product-groups', payload: valid({ name: taken.name.toUpperCase() }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.productGroup.nameExists', params: { name: taken.name.toUpperCase() } });
    expect(await groupsNamed(taken.name.toUpperCase())).toEqual([]);
    const other = await manager({
      method: 'POST',
      url: '/api/product-groups',
      payload: valid({ name: taken.name, productTypeId: typeA2.id }),
    });
    expect(other.statusCode).toBe(201);
  });

  it('refuses products of another type and unknown products', async () => {
    const mine = await makeProduct(ctx.db, typeA);
    const foreign = await makeProduct(ctx.db, typeA2);
    const inB = await makeProduct(ctx.db, typeB);
    const body = valid({ productIds: [mine.id, foreign.id, inB.id, 99999999] });
    const res = await manager({ method: 'POST', url: '/api/product-groups', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.productGroup.productTypeMismatch',
      params: { productIds: [foreign.id, inB.id, 99999999], productTypeId: typeA.id },
      fieldErrors: [{ objectName: 'productGroup', field: 'productIds', message: 'error.productGroup.productTypeMismatch' }],
    });
    expect(await groupsNamed(body.name)).toEqual([]);
  });

  it('refuses remarks of another business unit and unknown remarks', async () => {
    const inB = await makeProductRemark(ctx.db, unitB.id);
    for (const remarkIds of [[inB.id], [99999999]]) {
      const body = valid({ remarkIds });
      const res = await manager({ method: 'POST', url: '/api/product-groups', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error.validation',
        params: { remarkIds },
        fieldErrors: [{ objectName: 'productGroup', field: 'remarkIds', message: 'BusinessUnitMismatch' }],
      });
      expect(await groupsNamed(body.name)).toEqual([]);
    }
  });
});

describe('PUT /api/product-groups', () => {
  it('answers 401, 403 without the right or from another unit, 404, changing nothing', async () => {
    const g = await makeProductGroup(ctx.db, typeA);
    const body = bodyOf(g, [], [], { name: `Renamed ${unique()}` });
    for (const url of ['/api/product-groups', `/api/product-groups/${g.id}`]) {
      expect((await as(ctx.app, undefined)({ method: 'PUT', url, payload: body })).statusCode).toBe(401);
      for (const c of [nobody, reader, elsewhere]) expect((await c({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    }
    expect((await manager({ method: 'PUT', url: '/api/product-groups', payload: { ...body, id: 99999999 } })).statusCode).toBe(404);
    expect((await manager({ method: 'PUT', url: '/api/product-groups/99999999', payload: body })).statusCode).toBe(404);
    expect(await groupRow(g.id)).toEqual(g);
  });

  it('answers 400 for invalid fields, a differing path id, a changed type, a taken name or a foreign product; 409 when stale', async () => {
    const p = await makeProduct(ctx.db, typeA);
    const g = await makeProductGroup(ctx.db, typeA, [p.id]);
    const other = await makeProductGroup(ctx.db, typeA);
    const expectError = async (url: string, payload: object, status: number, message: string) => {
      const res = await manager({ method: 'PUT', url, payload });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await expectError('/api/product-groups', bodyOf(g, [p.id], [], { name: '' }), 400, 'error.validation');
    await expectError(`/api/product-groups/${g.id}`, bodyOf(other, [], []), 400, 'error.idinvalid');
    await expectError(
      '/api/product-groups',
      bodyOf(g, [p.id], [], { productTypeId: typeA2.id }),
      400,
      'error.productGroup.productTypeCannotChange',
    );
    await expectError(
      '/api/product-groups',
      bodyOf(g, [p.id], [], { name: other.name.toUpperCase() }),
      400,
      'error.productGroup.nameExists',
    );
    const foreign = await makeProduct(ctx.db, typeA2);
    await expectError('/api/product-groups', bodyOf(g, [foreign.id], []), 400, 'error.productGroup.productTypeMismatch');
    await expectError('/api/product-groups', bodyOf(g, [], [], { version: 3, name: `New ${unique()}` }), 409, 'error.concurrencyFailure');
    expect(await groupRow(g.id)).toEqual(g);
    expect(await productIdsOf(g.id)).toEqual([p.id]);
  });

  it('renames, replaces products and remarks on both paths, bumps the version and audits what changed', async () => {
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => makeProduct(ctx.db, typeA)));
    const [r1, r2] = await Promise.all([1, 2].map(() => makeProductRemark(ctx.db, unitA.id)));
    const g = await makeProductGroup(ctx.db, typeA, [p1.id, p2.id], {}, [r1.id]);
    const name = `Renamed ${unique()}`;
    const res = await editor({ method: 'PUT', url: '/api/product-groups', payload: bodyOf(g, [p2.id, p3.id], [r2.id], { name }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productGroup.updated');
    expect(res.json()).toMatchObject({ name, version: 1, remarks: [{ id: r2.id, name: r2.name }] });
    expect(await productIdsOf(g.id)).toEqual([p2.id, p3.id].sort((a, b) => a - b));
    expect(await remarkIdsOf(g.id)).toEqual([r2.id]);
    const [a] = await auditsOf('product-group', g.id);
    expect(a).toMatchObject({
      action: 'UPDATE',
      businessUnitId: unitA.id,
      changes: {
        name: { from: g.name, to: name },
        remarkIds: { from: [r1.id], to: [r2.id] },
        productIds: { added: [p3.id], removed: [p1.id] },
      },
    });
    const again = await editor({ method: 'PUT', url: `/api/product-groups/${g.id}`, payload: bodyOf(g, [], [], { name, version: 1 }) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ products: [], remarks: [], version: 2 });
  });
});

describe('DELETE /api/product-groups/{id}', () => {
  it('answers 401, 403 without PRODUCT_DELETE or from another unit, 404, 400 for an unknown delete type, keeping the group', async () => {
    const g = await makeProductGroup(ctx.db, typeA);
    const url = `/api/product-groups/${g.id}`;
    expect((await as(ctx.app, undefined)({ method: 'DELETE', url })).statusCode).toBe(401);
    for (const c of [nobody, reader, editor, elsewhere]) expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await manager({ method: 'DELETE', url: '/api/product-groups/99999999' })).statusCode).toBe(404);
    expect((await manager({ method: 'DELETE', url: `${url}?delete-type=ALL` })).statusCode).toBe(400);
    expect(await groupRow(g.id)).toEqual(g);
  });

  it('NONE (the default) deletes the group only; its products and remarks stay', async () => {
    const p = await makeProduct(ctx.db, typeA);
    const r = await makeProductRemark(ctx.db, unitA.id);
    const g = await makeProductGroup(ctx.db, typeA, [p.id], {}, [r.id]);
    for (const url of [`/api/product-groups/${g.id}`]) {
      const res = await manager({ method: 'DELETE', url });
      expect(res.statusCode).toBe(204);
      expect(res.headers['x-vellum-alert']).toBe('vellumApp.productGroup.deleted');
    }
    expect(await groupRow(g.id)).toBeUndefined();
    expect(await existingProducts([p.id])).toEqual([p.id]);
    expect((await ctx.db.select().from(productRemark).where(eq(productRemark.id, r.id))).length).toBe(1);
    const [a] = await auditsOf('product-group', g.id);
    expect(a).toMatchObject({
      action: 'DELETE',
      businessUnitId: unitA.id,
      changes: { name: g.name, productIds: [p.id], remarkIds: [r.id], deleteType: 'NONE', deletedProductIds: [] },
    });
    const explicit = await makeProductGroup(ctx.db, typeA, [p.id]);
    expect((await manager({ method: 'DELETE', url: `/api/product-groups/${explicit.id}?delete-type=NONE` })).statusCode).toBe(204);
    expect(await existingProducts([p.id])).toEqual([p.id]);
  });

  it('ORPHANED_PRODUCTS also deletes its products in no other group, with the lot ranges they leave unused', async () => {
    const model = typeA.definitions[0].id;
    const only = await makeProduct(ctx.db, typeA, {}, { [model]: 'M1' });
    const shared = await makeProduct(ctx.db, typeA);
    const g = await makeProductGroup(ctx.db, typeA, [only.id, shared.id]);
    await makeProductGroup(ctx.db, typeA, [shared.id]);
    const unused = await makeLotRange(ctx.db, typeA, [only.id]);
    const stillUsed = await makeLotRange(ctx.db, typeA, [only.id, shared.id]);
    const forAll = await makeLotRange(ctx.db, typeA, [only.id], { appliesToAll: true });
    const res = await manager({ method: 'DELETE', url: `/api/product-groups/${g.id}?delete-type=ORPHANED_PRODUCTS` });
    expect(res.statusCode).toBe(204);
    expect(await groupRow(g.id)).toBeUndefined();
    expect(await existingProducts([only.id, shared.id])).toEqual([shared.id]);
    expect(await ctx.db.select().from(attributeValue).where(eq(attributeValue.productId, only.id))).toEqual([]);
    const ranges = (
      await ctx.db
        .select()
        .from(lotRange)
        .where(inArray(lotRange.id, [unused.id, stillUsed.id, forAll.id]))
    ).map((l) => l.id);
    expect(ranges.sort((a, b) => a - b)).toEqual([stillUsed.id, forAll.id].sort((a, b) => a - b));
    const [a] = await auditsOf('product-group', g.id);
    expect(a.changes).toMatchObject({ deleteType: 'ORPHANED_PRODUCTS', deletedProductIds: [only.id], deletedLotRangeIds: [unused.id] });
    const [productAudit] = await auditsOf('product', only.id);
    expect(productAudit).toMatchObject({
      action: 'DELETE',
      businessUnitId: unitA.id,
      changes: { keyCode: only.keyCode, deletedWithProductGroupId: g.id },
    });
    expect(await auditsOf('product', shared.id)).toEqual([]);
    const [rangeAudit] = await auditsOf('lot-range', unused.id);
    expect(rangeAudit).toMatchObject({
      action: 'DELETE',
      businessUnitId: unitA.id,
      changes: { name: unused.name, numbers: unused.numbers },
    });
  });
});

describe('business-unit statistics', () => {
  it('count the product groups without products as orphans, and groups keep a unit from being deleted', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const type = await makeProductType(ctx.db, unit.id);
    const p = await makeProduct(ctx.db, type);
    const viewer = await client(['PRODUCT_READ'], [unit.id]);
    const stats = async () => (await viewer({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` })).json();
    expect((await stats()).orphans.productGroups).toBe(0);
    const g = await makeProductGroup(ctx.db, type, [p.id]);
    await makeProductGroup(ctx.db, type);
    await makeProductGroup(ctx.db, type);
    expect((await stats()).orphans.productGroups).toBe(2);

    const unitManager = await client(['BUSINESS_UNIT_DELETE', 'PRODUCT_MANAGE', 'PRODUCT_DELETE'], 'all');
    await ctx.db.delete(productGroupProduct).where(eq(productGroupProduct.productGroupId, g.id));
    expect((await stats()).orphans.productGroups).toBe(3);
    const refused = await unitManager({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('error.businessUnit.notEmpty');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, setManufacturer } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  auditRows,
  call,
  defBody,
  storedDefinitions,
  storedType,
  tokenWith,
  typeBody,
  typeCount,
  unique,
} from './product-types.fixtures.js';

let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let manager: string;
let reader: string;
let elsewhere: string;
let noRight: string;
let everywhere: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // the global types (unit 0) answer only with global search on (global-types-gate.test.ts)
  await setManufacturer(ctx.db, { globalSearch: true });
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  manager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [unit.id]);
  reader = await tokenWith(ctx, ['PRODUCT_READ'], [unit.id]);
  elsewhere = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE', 'PRODUCT_READ'], [other.id]);
  noRight = await tokenWith(ctx, ['LAYOUT_MANAGE', 'DOCUMENT_MANAGE'], [unit.id]);
  everywhere = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE', 'PRODUCT_TYPE_SPECIAL', 'PRODUCT_READ'], 'all');
});
afterAll(() => ctx.close());

const ids = (list: { id: number }[]) => list.map((t) => t.id);

describe('GET /api/product-types', () => {
  const tag = unique();
  let a: { id: number; businessUnitId: number };
  let b: { id: number };
  let global: { id: number };
  beforeAll(async () => {
    b = await makeProductType(ctx.db, unit.id, { name: `Beta ${tag}`, slug: `beta-${tag}` });
    a = await makeProductType(ctx.db, unit.id, { name: `alpha ${tag}`, slug: `alpha-${tag}` }, [
      { visualizationOrder: 2 },
      { visualizationOrder: 1 },
    ]);
    await makeProductType(ctx.db, other.id, { name: `Gamma ${tag}` });
    global = await makeProductType(ctx.db, 0, { name: `Global ${tag}` });
    const p1 = await makeProduct(ctx.db, a);
    const p2 = await makeProduct(ctx.db, a);
    await makeProductGroup(ctx.db, a, [p1.id, p2.id]);
  });

  it('answers 401 without a token, 403 without a reading right or with it only in another unit, 400 without business-unit', async () => {
    expect((await call(ctx, undefined)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}` })).statusCode).toBe(401);
    expect((await call(ctx, noRight)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}` })).statusCode).toBe(403);
    expect((await call(ctx, elsewhere)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}` })).statusCode).toBe(403);
    const missing = await call(ctx, reader)({ method: 'GET', url: '/api/product-types' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('error.validation');
  });

  it('lists the types of the unit by name with their definitions and content counts', async () => {
    const res = await call(ctx, reader)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}&search=${tag}` });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([a.id, b.id]);
    expect(res.headers['x-total-count']).toBe('2');
    const first = res.json()[0];
    expect(first).toMatchObject({
      businessUnitId: unit.id,
      products: 2,
      productGroups: 1,
      status: 'ENABLED',
      active: true,
      imageUrl: null,
    });
    expect(first.attributeDefinitions.map((d: { visualizationOrder: number }) => d.visualizationOrder)).toEqual([1, 2]);
    expect(res.json()[1]).toMatchObject({ products: 0, productGroups: 0, attributeDefinitions: [] });
  });

  it('searches the name and the slug, case-insensitively, and takes % literally', async () => {
    const byName = await call(ctx, reader)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}&search=BETA%20${tag}` });
    expect(ids(byName.json())).toEqual([b.id]);
    const bySlug = await call(ctx, reader)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}&search=alpha-${tag}` });
    expect(ids(bySlug.json())).toEqual([a.id]);
    const percent = await call(ctx, reader)({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}&search=%25` });
    expect(percent.json()).toEqual([]);
  });

  it('lets anyone managing product types in some unit read the global list, but not a mere reader', async () => {
    const res = await call(ctx, elsewhere)({ method: 'GET', url: `/api/product-types?business-unit=0&search=${tag}` });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([global.id]);
    expect((await call(ctx, reader)({ method: 'GET', url: '/api/product-types?business-unit=0' })).statusCode).toBe(403);
    expect((await call(ctx, noRight)({ method: 'GET', url: '/api/product-types?business-unit=0' })).statusCode).toBe(403);
  });
});

describe('GET /api/product-types/{id} and /name', () => {
  let type: { id: number; name: string; definitions: { id: number }[] };
  let global: { id: number; name: string };
  beforeAll(async () => {
    type = await makeProductType(ctx.db, unit.id, { name: 'Catheters' }, [
      { name: 'Size', visualizationOrder: 5 },
      { name: 'Length', visualizationOrder: 0 },
    ]);
    global = await makeProductType(ctx.db, 0);
  });

  for (const suffix of ['', '/name']) {
    it(`GET /api/product-types/{id}${suffix}: 401, 403, 404 and 400`, async () => {
      expect((await call(ctx, undefined)({ method: 'GET', url: `/api/product-types/${type.id}${suffix}` })).statusCode).toBe(401);
      expect((await call(ctx, noRight)({ method: 'GET', url: `/api/product-types/${type.id}${suffix}` })).statusCode).toBe(403);
      expect((await call(ctx, elsewhere)({ method: 'GET', url: `/api/product-types/${type.id}${suffix}` })).statusCode).toBe(403);
      const missing = await call(ctx, everywhere)({ method: 'GET', url: `/api/product-types/999999${suffix}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('error.http.404');
      expect((await call(ctx, everywhere)({ method: 'GET', url: `/api/product-types/abc${suffix}` })).statusCode).toBe(400);
      expect((await call(ctx, everywhere)({ method: 'GET', url: `/api/product-types/99999999999999999999${suffix}` })).statusCode).toBe(
        400,
      );
      expect((await call(ctx, everywhere)({ method: 'GET', url: `/api/product-types/2147483648${suffix}` })).statusCode).toBe(400);
    });
  }

  it('answers the type with its definitions by visualisation order, and its name', async () => {
    const res = await call(ctx, reader)({ method: 'GET', url: `/api/product-types/${type.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: type.id, name: 'Catheters', businessUnitId: unit.id, version: 0, copiedFromId: null });
    expect(res.json().attributeDefinitions.map((d: { name: string }) => d.name)).toEqual(['Length', 'Size']);
    const name = await call(ctx, reader)({ method: 'GET', url: `/api/product-types/${type.id}/name` });
    expect(name.json()).toEqual({ id: type.id, name: 'Catheters', businessUnitId: unit.id });
  });

  it('lets a product-type manager of any unit read a global type', async () => {
    expect((await call(ctx, elsewhere)({ method: 'GET', url: `/api/product-types/${global.id}` })).statusCode).toBe(200);
    expect((await call(ctx, elsewhere)({ method: 'GET', url: `/api/product-types/${global.id}/name` })).json().name).toBe(global.name);
    expect((await call(ctx, reader)({ method: 'GET', url: `/api/product-types/${global.id}` })).statusCode).toBe(403);
  });
});

describe('POST /api/product-types', () => {
  it('answers 401, and 403 without the right or with it only in another unit, storing nothing', async () => {
    const before = await typeCount(ctx, unit.id);
    expect((await call(ctx, undefined)({ method: 'POST', url: '/api/product-types', payload: typeBody(unit.id) })).statusCode).toBe(401);
    expect((await call(ctx, reader)({ method: 'POST', url: '/api/product-types', payload: typeBody(unit.id) })).statusCode).toBe(403);
    expect((await call(ctx, elsewhere)({ method: 'POST', url: '/api/product-types', payload: typeBody(unit.id) })).statusCode).toBe(403);
    // the global scope needs the right held on unit 0
    expect((await call(ctx, manager)({ method: 'POST', url: '/api/product-types', payload: typeBody(0) })).statusCode).toBe(403);
    expect(await typeCount(ctx, unit.id)).toBe(before);
  });

  it('answers 400 for invalid fields and stores nothing', async () => {
    const before = await typeCount(ctx, unit.id);
    const bad = [
      typeBody(unit.id, { name: 'Bad <name>' }),
      typeBody(unit.id, { name: '' }),
      typeBody(unit.id, { name: 'x'.repeat(51) }),
      typeBody(unit.id, { slug: 'No Slug' }),
      typeBody(unit.id, { slug: 'ab' }),
      typeBody(unit.id, { status: 'SLEEPING' }),
      typeBody(unit.id, { keyCodeSearchTypeHCP: 'ALWAYS' }),
      typeBody(unit.id, { attributeDefinitions: [defBody({ name: 'Bad|name' })] }),
      typeBody(unit.id, { attributeDefinitions: [defBody({ type: 'NUMBER' })] }),
      typeBody(unit.id, { id: 5 }),
    ];
    for (const payload of bad) {
      const res = await call(ctx, manager)({ method: 'POST', url: '/api/product-types', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await typeCount(ctx, unit.id)).toBe(before);
  });

  it('answers 404 for a business unit that does not exist', async () => {
    const res = await call(ctx, everywhere)({ method: 'POST', url: '/api/product-types', payload: typeBody(999999) });
    expect(res.statusCode).toBe(404);
  });

  it('creates the type with its definitions, answers 201 with the alert, and audits', async () => {
    const body = typeBody(unit.id, {
      name: 'Stents & grafts',
      keyCodeLabelHCP: 'REF',
      attributeDefinitions: [
        defBody({ name: 'Diameter', slug: 'diameter', searchTypeHCP: 'SEARCHABLE_PARTIAL', visualizationOrder: 2, isUnique: true }),
        defBody({ name: 'Coating', slug: 'coating', id: -1, visualizationOrder: 1, meta: 'mm' }),
      ],
    });
    const res = await call(ctx, manager)({ method: 'POST', url: '/api/product-types', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productType.created');
    const type = res.json();
    expect(type).toMatchObject({
      businessUnitId: unit.id,
      name: 'Stents & grafts',
      slug: body.slug,
      status: 'ENABLED',
      active: true,
      lotNumbers: false,
      keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
      keyCodeSearchTypePatient: 'NOT_VISIBLE',
      keyCodeLabelHCP: 'REF',
      products: 0,
      productGroups: 0,
      version: 0,
    });
    expect(type.attributeDefinitions.map((d: { slug: string }) => d.slug)).toEqual(['coating', 'diameter']);
    expect(type.attributeDefinitions[1]).toMatchObject({
      productTypeId: type.id,
      type: 'STRING',
      isUnique: true,
      searchTypeHCP: 'SEARCHABLE_PARTIAL',
    });
    const [row] = await auditRows(ctx, 'product-type', type.id, 'CREATE');
    expect(row.businessUnitId).toBe(unit.id);
    expect(row.changes).toMatchObject({ name: { to: 'Stents & grafts' }, slug: { to: body.slug } });
  });

  it('creates a global type with the right held on unit 0', async () => {
    const globalManager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [0]);
    const res = await call(ctx, globalManager)({ method: 'POST', url: '/api/product-types', payload: typeBody(0) });
    expect(res.statusCode).toBe(201);
    expect(res.json().businessUnitId).toBe(0);
  });
});

describe('PUT /api/product-types', () => {
  let type: { id: number };
  let current: Record<string, unknown>;
  beforeAll(async () => {
    const res = await call(
      ctx,
      manager,
    )({
      method: 'POST',
      url: '/api/product-types',
      payload: typeBody(unit.id, {
        attributeDefinitions: [defBody({ name: 'Size', slug: 'size' }), defBody({ name: 'Model', slug: 'model' })],
      }),
    });
    current = res.json();
    type = { id: current.id as number };
  });
  const put = (token: string | undefined, payload: Record<string, unknown>, path = '') =>
    call(ctx, token)({ method: 'PUT', url: `/api/product-types${path}`, payload });

  it('answers 401, and 403 without the right or with it only in another unit (whatever the body says), storing nothing', async () => {
    expect((await put(undefined, { ...current, name: 'Changed' })).statusCode).toBe(401);
    expect((await put(reader, { ...current, name: 'Changed' })).statusCode).toBe(403);
    expect((await put(elsewhere, { ...current, name: 'Changed' })).statusCode).toBe(403);
    expect((await put(elsewhere, { ...current, businessUnitId: other.id, name: 'Changed' })).statusCode).toBe(403);
    expect((await put(elsewhere, { ...current, name: 'Changed' }, `/${type.id}`)).statusCode).toBe(403);
    expect((await storedType(ctx, type.id)).name).toBe(current.name);
  });

  it('answers 404 for a missing type, 400 for invalid fields or a moved business unit, storing nothing', async () => {
    expect((await put(everywhere, { ...current, id: 999999 })).statusCode).toBe(404);
    expect((await put(everywhere, { ...current, id: 999999 }, '/999999')).statusCode).toBe(404);
    const invalid = await put(manager, { ...current, name: 'No <tags>' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('error.validation');
    expect((await put(manager, { ...current, version: undefined })).statusCode).toBe(400);
    const moved = await put(everywhere, { ...current, businessUnitId: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors[0].field).toBe('businessUnitId');
    const mismatch = await put(manager, { ...current, name: 'Other' }, `/${type.id + 1000}`);
    expect(mismatch.statusCode).toBe(404);
    expect((await storedType(ctx, type.id)).version).toBe(0);
  });

  it('updates the fields, adds and updates definitions, keeps those left out, bumps the version and audits', async () => {
    const [size, model] = current.attributeDefinitions as { id: number; name: string }[];
    const res = await put(manager, {
      ...current,
      name: 'Renamed type',
      keyCodeLabelHCP: 'Catalogue number',
      attributeDefinitions: [
        { ...size, name: 'Size (mm)', searchTypeHCP: 'SEARCHABLE_DROPDOWN' },
        defBody({ name: 'Colour', slug: 'colour', id: -1 }),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productType.updated');
    const updated = res.json();
    expect(updated).toMatchObject({ name: 'Renamed type', keyCodeLabelHCP: 'Catalogue number', version: 1 });
    const defs = updated.attributeDefinitions as { id: number; name: string; searchTypeHCP: string }[];
    expect(defs.map((d) => d.name).sort()).toEqual(['Colour', 'Model', 'Size (mm)']);
    expect(defs.find((d) => d.id === size.id)?.searchTypeHCP).toBe('SEARCHABLE_DROPDOWN');
    expect(defs.find((d) => d.id === model.id)?.name).toBe('Model');
    const [row] = await auditRows(ctx, 'product-type', type.id, 'UPDATE');
    expect(row.changes).toMatchObject({ name: { from: current.name, to: 'Renamed type' } });
    expect((row.changes as Record<string, unknown>).attributeDefinitions).toBeDefined();
    current = updated;
  });

  it('answers 409 to a stale version and stores nothing', async () => {
    const stale = await put(manager, { ...current, version: 0, name: 'Stale change' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await storedType(ctx, type.id)).name).toBe('Renamed type');
  });

  it('accepts PUT /api/product-types/{id}, refusing a body id other than the path id', async () => {
    const res = await put(manager, { ...current, name: 'Via path' }, `/${type.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    current = res.json();
    const otherType = await makeProductType(ctx.db, unit.id);
    const mismatch = await put(manager, { ...current, name: 'Mismatch' }, `/${otherType.id}`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('error.idinvalid');
    expect((await storedType(ctx, type.id)).name).toBe('Via path');
  });

  it('lets two definitions swap their names and slugs', async () => {
    const [a, b] = current.attributeDefinitions as { id: number; name: string; slug: string }[];
    const res = await put(manager, {
      ...current,
      attributeDefinitions: [
        { ...a, name: b.name, slug: b.slug },
        { ...b, name: a.name, slug: a.slug },
      ],
    });
    expect(res.statusCode).toBe(200);
    const defs = res.json().attributeDefinitions as { id: number; name: string }[];
    expect(defs.find((d) => d.id === a.id)?.name).toBe(b.name);
    expect(defs.find((d) => d.id === b.id)?.name).toBe(a.name);
    current = res.json();
  });
});

describe('DELETE /api/product-types/{id}', () => {
  const del = (token: string | undefined, id: number) => call(ctx, token)({ method: 'DELETE', url: `/api/product-types/${id}` });
  let deleter: string;
  beforeAll(async () => {
    deleter = await tokenWith(ctx, ['PRODUCT_TYPE_DELETE'], [unit.id]);
  });

  it('answers 401, 403 without PRODUCT_TYPE_DELETE or with it only in another unit, 404 for a missing type', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    expect((await del(undefined, type.id)).statusCode).toBe(401);
    expect((await del(manager, type.id)).statusCode).toBe(403);
    expect((await del(elsewhere, type.id)).statusCode).toBe(403);
    expect((await del(deleter, 999999)).statusCode).toBe(404);
    expect(await storedType(ctx, type.id)).toBeDefined();
  });

  it('refuses while the type holds products, product groups or lot ranges', async () => {
    const withProduct = await makeProductType(ctx.db, unit.id);
    await makeProduct(ctx.db, withProduct);
    const withGroup = await makeProductType(ctx.db, unit.id);
    await makeProductGroup(ctx.db, withGroup);
    const withLots = await makeProductType(ctx.db, unit.id, { lotNumbers: true }, [{ type: 'MULTI_ARRAY' }]);
    await makeLotRange(ctx.db, withLots, [], { appliesToAll: true });
    for (const t of [withProduct, withGroup, withLots]) {
      const res = await del(deleter, t.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.productType.notEmpty');
      expect(await storedType(ctx, t.id)).toBeDefined();
    }
  });

  it('deletes an empty type with its definitions, answers 204 with the alert, and audits', async () => {
    const type = await makeProductType(ctx.db, unit.id, { name: 'Doomed' }, [{ name: 'Gone' }]);
    const res = await del(deleter, type.id);
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productType.deleted');
    expect(await storedType(ctx, type.id)).toBeUndefined();
    expect(await storedDefinitions(ctx, type.id)).toEqual([]);
    const [row] = await auditRows(ctx, 'product-type', type.id, 'DELETE');
    expect(row.businessUnitId).toBe(unit.id);
    expect(row.changes).toMatchObject({ name: { from: 'Doomed', to: null } });
    expect((await del(deleter, type.id)).statusCode).toBe(404);
  });
});

describe('GET /api/product-type-attribute-definitions', () => {
  let type: { id: number };
  beforeAll(async () => {
    type = await makeProductType(ctx.db, unit.id, {}, [
      { name: 'Third', visualizationOrder: 3 },
      { name: 'First', visualizationOrder: 1 },
      { name: 'Second', visualizationOrder: 2 },
    ]);
  });
  const list = (token: string | undefined, query: string) =>
    call(ctx, token)({ method: 'GET', url: `/api/product-type-attribute-definitions${query}` });

  it('answers 401, 403 without a reading right or from another unit, 404 for a missing type, 400 without product-type', async () => {
    expect((await list(undefined, `?product-type=${type.id}`)).statusCode).toBe(401);
    expect((await list(noRight, `?product-type=${type.id}`)).statusCode).toBe(403);
    expect((await list(elsewhere, `?product-type=${type.id}`)).statusCode).toBe(403);
    expect((await list(everywhere, '?product-type=999999')).statusCode).toBe(404);
    expect((await list(everywhere, '')).statusCode).toBe(400);
  });

  it('lists the definitions by visualisation order', async () => {
    const res = await list(reader, `?product-type=${type.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { name: string }) => d.name)).toEqual(['First', 'Second', 'Third']);
    expect(res.headers['x-total-count']).toBe('3');
  });
});

describe('DELETE /api/product-type-attribute-definitions/{id}', () => {
  const del = (token: string | undefined, id: number) =>
    call(ctx, token)({ method: 'DELETE', url: `/api/product-type-attribute-definitions/${id}` });

  it('answers 401, 403 without the right or with it only in another unit, 404 for a missing definition', async () => {
    const type = await makeProductType(ctx.db, unit.id, {}, [{}]);
    const defId = type.definitions[0].id;
    expect((await del(undefined, defId)).statusCode).toBe(401);
    expect((await del(reader, defId)).statusCode).toBe(403);
    expect((await del(elsewhere, defId)).statusCode).toBe(403);
    expect((await del(manager, 999999)).statusCode).toBe(404);
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(1);
  });

  it('refuses while products hold values for it', async () => {
    const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Used' }]);
    await makeProduct(ctx.db, type, {}, { [type.definitions[0].id]: 'value' });
    const res = await del(manager, type.definitions[0].id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.productType.attributeDefinitionInUse');
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(1);
  });

  it('refuses the lot-number attribute while the type has lot ranges', async () => {
    const type = await makeProductType(ctx.db, unit.id, { lotNumbers: true }, [{ type: 'MULTI_ARRAY' }]);
    await makeLotRange(ctx.db, type, [], { appliesToAll: true });
    const res = await del(manager, type.definitions[0].id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.productType.attributeDefinitionInUse');
  });

  it('refuses when the type would be left without a searchable key code or attribute for HCP', async () => {
    const type = await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'VISIBLE' }, [{ searchTypeHcp: 'SEARCHABLE_EXACT' }]);
    const res = await del(manager, type.definitions[0].id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.productType.noSearchableAttributes');
    expect(res.json().params).toEqual({ audience: 'HCP' });
    expect(await storedDefinitions(ctx, type.id)).toHaveLength(1);
  });

  it('deletes an unused definition, answers 204, and audits', async () => {
    const type = await makeProductType(ctx.db, unit.id, {}, [{ name: 'Unused' }, { name: 'Kept' }]);
    const res = await del(manager, type.definitions[0].id);
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productType.attributeDefinitionDeleted');
    expect((await storedDefinitions(ctx, type.id)).map((d) => d.name)).toEqual(['Kept']);
    const [row] = await auditRows(ctx, 'attribute-definition', type.definitions[0].id, 'DELETE');
    expect(row.businessUnitId).toBe(unit.id);
    expect(row.changes).toMatchObject({ name: { from: 'Unused', to: null }, productTypeId: { from: type.id, to: null } });
  });
});

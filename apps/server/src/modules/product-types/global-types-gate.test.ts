import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, setManufacturer } from '../../factories/organisation-factories.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { call, defBody, storedType, tokenWith, typeBody, typeCount, unique } from './product-types.fixtures.js';

/**
 * The global product types (business unit 0) and their copy into a unit answer only while the
 * manufacturer's global search is on (document 000 section 6; docs/decisions/0018).
 */
let ctx: TestContext;
let unit: { id: number };
let globalManager: string;
let unitManager: string;
let global: Awaited<ReturnType<typeof makeProductType>>;
let local: Awaited<ReturnType<typeof makeProductType>>;

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  globalManager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE'], [0]);
  unitManager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE'], [unit.id]);
  const tag = unique();
  global = await makeProductType(ctx.db, 0, { name: `Global ${tag}`, slug: `global-${tag}` }, [{ name: 'Size', slug: 'size' }, {}]);
  local = await makeProductType(ctx.db, unit.id, { name: `Local ${tag}`, slug: `local-${tag}` }, [{}, {}]);
});
afterAll(() => ctx.close());

/** Every call that reads or changes a global type, as the given user. */
function globalCalls(token: string) {
  const c = call(ctx, token);
  const image = multipart('image', 'a.png', 'image/png', tinyPng());
  return {
    list: () => c({ method: 'GET', url: '/api/product-types?business-unit=0' }),
    get: () => c({ method: 'GET', url: `/api/product-types/${global.id}` }),
    name: () => c({ method: 'GET', url: `/api/product-types/${global.id}/name` }),
    definitions: () => c({ method: 'GET', url: `/api/product-type-attribute-definitions?product-type=${global.id}` }),
    create: () => c({ method: 'POST', url: '/api/product-types', payload: typeBody(0, { attributeDefinitions: [defBody()] }) }),
    update: async () => {
      const current = (await storedType(ctx, global.id)) as { version: number };
      return c({
        method: 'PUT',
        url: `/api/product-types/${global.id}`,
        payload: {
          ...typeBody(0, { attributeDefinitions: [] }),
          id: global.id,
          version: current.version,
          name: global.name,
          slug: global.slug,
        },
      });
    },
    deleteDefinition: () => c({ method: 'DELETE', url: `/api/product-type-attribute-definitions/${global.definitions[1].id}` }),
    uploadImage: () => c({ method: 'POST', url: `/api/product-types/${global.id}/image`, ...image }),
    removeImage: () => c({ method: 'DELETE', url: `/api/product-types/${global.id}/image` }),
    delete: () => c({ method: 'DELETE', url: `/api/product-types/${global.id}` }),
  };
}

const copy = (token: string) =>
  call(ctx, token)({ method: 'POST', url: `/api/product-types/${global.id}/copy`, payload: { businessUnitId: unit.id } });

describe('global search off', () => {
  beforeAll(() => setManufacturer(ctx.db, { globalSearch: false }));

  it('answers 403 error.http.403 with params.feature to every call on a global type, and changes nothing', async () => {
    for (const [what, request] of Object.entries(globalCalls(globalManager))) {
      const res = await request();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json(), what).toMatchObject({ message: 'error.http.403', params: { feature: 'globalSearch' } });
    }
    expect(await storedType(ctx, global.id)).toMatchObject({ name: global.name, imageKey: null });
    expect(await typeCount(ctx, 0)).toBe(1);
  });

  it('refuses to copy a global type into a unit', async () => {
    const res = await copy(unitManager);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: 'error.http.403', params: { feature: 'globalSearch' } });
    expect(await typeCount(ctx, unit.id)).toBe(1);
  });

  it('still checks the right first: without it the answer names no feature', async () => {
    const res = await call(
      ctx,
      await tokenWith(ctx, ['PRODUCT_READ'], [unit.id]),
    )({ method: 'POST', url: '/api/product-types', payload: typeBody(0) });
    expect(res.statusCode).toBe(403);
    expect(res.json().params).toBeUndefined();
  });

  it("leaves a unit's own product types alone", async () => {
    const c = call(ctx, unitManager);
    expect((await c({ method: 'GET', url: `/api/product-types?business-unit=${unit.id}` })).statusCode).toBe(200);
    expect((await c({ method: 'GET', url: `/api/product-types/${local.id}` })).statusCode).toBe(200);
    expect((await c({ method: 'GET', url: `/api/product-type-attribute-definitions?product-type=${local.id}` })).statusCode).toBe(200);
    const created = await c({ method: 'POST', url: '/api/product-types', payload: typeBody(unit.id) });
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('global search on', () => {
  beforeAll(() => setManufacturer(ctx.db, { globalSearch: true }));

  it('serves and changes the global types, and copies them', async () => {
    const calls = globalCalls(globalManager);
    for (const what of ['list', 'get', 'name', 'definitions'] as const) expect((await calls[what]()).statusCode, what).toBe(200);
    expect((await calls.create()).statusCode).toBe(201);
    expect((await calls.update()).statusCode).toBe(200);
    expect((await calls.deleteDefinition()).statusCode).toBe(204);
    expect((await calls.uploadImage()).statusCode).toBe(200);
    expect((await calls.removeImage()).statusCode).toBe(200);
    const copied = await copy(unitManager);
    expect(copied.statusCode, copied.body).toBe(201);
    expect((await calls.delete()).statusCode).toBe(204);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, setManufacturer } from '../../factories/organisation-factories.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditRows, call, storedDefinitions, storedType, tokenWith, typeCount, unique } from './product-types.fixtures.js';

/** POST api/product-types/{id}/copy: a global product type copied into a business unit. */
let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let manager: string;
let global: Awaited<ReturnType<typeof makeProductType>>;

beforeAll(async () => {
  ctx = await createTestContext();
  // the global types (unit 0) answer only with global search on (global-types-gate.test.ts)
  await setManufacturer(ctx.db, { globalSearch: true });
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  manager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [unit.id]);
  const tag = unique();
  global = await makeProductType(
    ctx.db,
    0,
    { name: `Global ${tag}`, slug: `global-${tag}`, lotNumbers: true, keyCodeLabelHcp: 'REF', status: 'WAITING' },
    [
      { name: 'Size', slug: 'size', isUnique: true, searchTypeHcp: 'SEARCHABLE_EXACT', visualizationOrder: 2, meta: 'mm' },
      { name: 'Lot', slug: 'lot', type: 'MULTI_ARRAY', visualizationOrder: 1 },
    ],
  );
  const globalManager = await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [0]);
  const res = await call(
    ctx,
    globalManager,
  )({ method: 'POST', url: `/api/product-types/${global.id}/image`, ...multipart('image', 'i.png', 'image/png', tinyPng()) });
  expect(res.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const copy = (token: string | undefined, id: number, businessUnitId: unknown) =>
  call(ctx, token)({ method: 'POST', url: `/api/product-types/${id}/copy`, payload: { businessUnitId } });

describe('POST /api/product-types/{id}/copy', () => {
  it('answers 401, and 403 without the right or with it only in another unit, storing nothing', async () => {
    expect((await copy(undefined, global.id, unit.id)).statusCode).toBe(401);
    expect((await copy(await tokenWith(ctx, ['PRODUCT_READ', 'PRODUCT_TYPE_DELETE'], [unit.id]), global.id, unit.id)).statusCode).toBe(403);
    expect((await copy(await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [other.id]), global.id, unit.id)).statusCode).toBe(403);
    expect(await typeCount(ctx, unit.id)).toBe(0);
  });

  it('answers 400 for a missing or global target, 404 for a missing source or target unit', async () => {
    for (const target of [undefined, -1, 'x', 1.5, 2 ** 31]) {
      const res = await copy(manager, global.id, target);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect((await copy(manager, 999999, unit.id)).statusCode).toBe(404);
    expect((await copy(await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], 'all'), global.id, 999999)).statusCode).toBe(404);
    expect(await typeCount(ctx, unit.id)).toBe(0);
  });

  it('refuses a source that is not a global type (error.productType.notGlobal)', async () => {
    const local = await makeProductType(ctx.db, other.id);
    const res = await copy(await tokenWith(ctx, ['PRODUCT_TYPE_MANAGE'], [unit.id, other.id]), local.id, unit.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.productType.notGlobal');
    expect(await typeCount(ctx, unit.id)).toBe(0);
  });

  it('copies the type with its settings, definitions and image, records copiedFromId, answers 201 and audits', async () => {
    const res = await copy(manager, global.id, unit.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.productType.created');
    const copied = res.json();
    expect(copied).toMatchObject({
      businessUnitId: unit.id,
      name: global.name,
      slug: global.slug,
      lotNumbers: true,
      status: 'WAITING',
      keyCodeLabelHCP: 'REF',
      copiedFromId: global.id,
      version: 0,
      heroImageHcpUrl: null,
    });
    expect(copied.id).not.toBe(global.id);
    expect(copied.attributeDefinitions.map((d: { slug: string; type: string }) => [d.slug, d.type])).toEqual([
      ['lot', 'MULTI_ARRAY'],
      ['size', 'STRING'],
    ]);
    expect(copied.attributeDefinitions[1]).toMatchObject({
      isUnique: true,
      meta: 'mm',
      searchTypeHCP: 'SEARCHABLE_EXACT',
      productTypeId: copied.id,
    });
    // the definitions are new rows, the global ones are untouched
    expect((await storedDefinitions(ctx, global.id)).map((d) => d.id).sort()).toEqual(global.definitions.map((d) => d.id).sort());
    // the image is a copy of its own
    const source = await storedType(ctx, global.id);
    const target = await storedType(ctx, copied.id);
    expect(target.imageKey).not.toBeNull();
    expect(target.imageKey).not.toBe(source.imageKey);
    const image = await call(ctx, manager)({ method: 'GET', url: copied.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(tinyPng())).toBe(true);
    const [row] = await auditRows(ctx, 'product-type', copied.id, 'COPY');
    expect(row.businessUnitId).toBe(unit.id);
    expect(row.changes).toMatchObject({ copiedFromId: { to: global.id }, name: { to: global.name } });
  });

  it('refuses a second copy into the same unit with the usual name key, and a taken slug with the slug key', async () => {
    const before = await typeCount(ctx, unit.id);
    const again = await copy(manager, global.id, unit.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('error.productType.nameExists');
    const tag = unique();
    const sameSlug = await makeProductType(ctx.db, 0, { name: `Other name ${tag}`, slug: global.slug.replace('global', 'shared') });
    await makeProductType(ctx.db, unit.id, { name: `Local ${tag}`, slug: sameSlug.slug });
    const slug = await copy(manager, sameSlug.id, unit.id);
    expect(slug.statusCode).toBe(400);
    expect(slug.json().message).toBe('error.productType.slugExists');
    expect(await typeCount(ctx, unit.id)).toBe(before + 1);
  });

  it('refuses to copy patient settings while the patient portal is off', async () => {
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: false });
    const patient = await makeProductType(ctx.db, 0, { keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' });
    const before = await typeCount(ctx, unit.id);
    const res = await copy(manager, patient.id, unit.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.patient.keyCodeSearchDisabled');
    expect(await typeCount(ctx, unit.id)).toBe(before);
  });
});

import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, region, regionCountry } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { translatableEntity } from '../internationalizations/translatable-entities.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
type Client = ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
});
afterAll(() => ctx.close());

const KINDS = [
  {
    kind: 'INTERFACE',
    path: '/api/interface-regions',
    right: 'INTERFACE_REGION_MANAGE',
    entity: 'interface-region',
    reader: 'TRANSLATION',
  },
  { kind: 'DOCUMENT', path: '/api/document-regions', right: 'DOCUMENT_REGION_MANAGE', entity: 'document-region', reader: 'DOCUMENT_READ' },
] as const;

describe.each(KINDS)('$path', ({ kind, path, right, entity, reader: readRight }) => {
  let manager: Client;
  let reader: Client;
  let nobody: Client;
  let elsewhere: Client;
  let global: Client;
  const regionsOf = (unitId: number) =>
    ctx.db
      .select()
      .from(region)
      .where(and(eq(region.businessUnitId, unitId), eq(region.kind, kind)));
  const auditsOf = (id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, entity), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
  const create = (c: Client, body: Record<string, unknown>) => c({ method: 'POST', url: path, payload: body });

  beforeAll(async () => {
    manager = await client([right], [unitA.id]);
    reader = await client([readRight], [unitA.id]);
    nobody = await client(['PRODUCT_TYPE_MANAGE'], [unitA.id]);
    elsewhere = await client([right, readRight], [unitB.id]);
    global = await client([right], [0]);
  });

  it('answers 401, 403 without the right or in another unit, 400 with nothing stored', async () => {
    const body = { businessUnitId: unitA.id, name: `R ${unique()}`, countryIds: ['DE'] };
    expect((await create(as(ctx.app, undefined), body)).statusCode).toBe(401);
    for (const c of [nobody, elsewhere, reader]) expect((await create(c, body)).statusCode).toBe(403);
    expect((await as(ctx.app, undefined)({ method: 'GET', url: `${path}?business-unit=${unitA.id}` })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere])
      expect((await c({ method: 'GET', url: `${path}?business-unit=${unitA.id}` })).statusCode).toBe(403);
    const before = (await regionsOf(unitA.id)).length;
    for (const bad of [
      { ...body, name: '' },
      { ...body, name: 'x'.repeat(51) },
      { ...body, countryIds: ['de'] },
      { ...body, countryIds: 'DE' },
      { ...body, businessUnitId: undefined },
    ]) {
      const res = await create(manager, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await regionsOf(unitA.id)).toHaveLength(before);
  });

  it('creates, reads, lists, updates and deletes a region, auditing each change', async () => {
    const name = `Europe ${unique()}`;
    const created = await create(manager, { businessUnitId: unitA.id, name: `  ${name} `, countryIds: ['FR', 'DE', 'DE'] });
    expect(created.statusCode).toBe(201);
    const r = created.json();
    expect(r).toEqual({ id: expect.any(Number), businessUnitId: unitA.id, name, countryIds: ['DE', 'FR'], version: 0 });
    expect(created.headers['x-vellum-alert']).toMatch(/created/);

    const got = await reader({ method: 'GET', url: `${path}/${r.id}` });
    expect(got.json()).toEqual(r);
    expect((await reader({ method: 'GET', url: `${path}/99999999` })).statusCode).toBe(404);
    expect((await elsewhere({ method: 'GET', url: `${path}/${r.id}` })).statusCode).toBe(403);
    // a region of the other kind is not found under this path
    const other = KINDS.find((k) => k.kind !== kind)!;
    expect((await as(ctx.app, undefined)({ method: 'GET', url: `${other.path}/${r.id}` })).statusCode).toBe(401);

    const list = await reader({ method: 'GET', url: `${path}?business-unit=${unitA.id}&search=${name.toUpperCase()}` });
    expect(list.json()).toEqual([r]);
    expect(list.headers['x-total-count']).toBe('1');

    const updated = await manager({ method: 'PUT', url: `${path}/${r.id}`, payload: { ...r, name: `${name}!`, countryIds: ['AT'] } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: `${name}!`, countryIds: ['AT'], version: 1 });
    const stale = await manager({ method: 'PUT', url: path, payload: { ...r, countryIds: ['AT'] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await manager({ method: 'PUT', url: `${path}/99999999`, payload: { ...r, version: 1 } })).statusCode).toBe(404);

    const del = await manager({ method: 'DELETE', url: `${path}/${r.id}` });
    expect(del.statusCode).toBe(204);
    expect((await manager({ method: 'DELETE', url: `${path}/${r.id}` })).statusCode).toBe(404);
    expect(await ctx.db.select().from(regionCountry).where(eq(regionCountry.regionId, r.id))).toEqual([]);
    const audits = await auditsOf(r.id);
    expect(audits.map((a) => a.action)).toEqual(['DELETE', 'UPDATE', 'CREATE']);
    expect(audits[1].changes).toMatchObject({ countryIds: { from: ['DE', 'FR'], to: ['AT'] } });
  });

  it('refuses the rules of spec 001 §8 with their keys and stores nothing', async () => {
    const tag = unique();
    const unitA = await makeBusinessUnit(ctx.db);
    const manager = await client([right], [unitA.id]);
    const first = (await create(manager, { businessUnitId: unitA.id, name: `North ${tag}`, countryIds: ['SE', 'NO'] })).json();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: `NORTH ${tag}`, countryIds: ['IS'] }, 'error.region.nameExists', 'name'],
      [{ name: `Other ${tag}`, countryIds: ['IS', 'NO'] }, 'error.region.countryAlreadyAssigned', 'countryIds'],
      [{ name: `Other ${tag}`, countryIds: [] }, 'error.region.countryRequired', 'countryIds'],
      [{ name: `Other ${tag}`, countryIds: ['ZZ'] }, 'error.region.unknownCountry', 'countryIds'],
    ];
    const before = (await regionsOf(unitA.id)).length;
    for (const [over, key, field] of cases) {
      const res = await create(manager, { businessUnitId: unitA.id, ...over });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ message: key, fieldErrors: [{ field }] });
    }
    expect((await create(manager, { businessUnitId: unitA.id, name: `Other ${tag}`, countryIds: ['IS', 'NO'] })).json().params).toEqual({
      country: 'NO',
      region: `North ${tag}`,
    });
    expect(await regionsOf(unitA.id)).toHaveLength(before);
    // the same country in another unit, or in a region of the other kind, is fine
    const other = KINDS.find((k) => k.kind !== kind)!;
    const admin = await client(['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE'], 'all');
    expect((await create(admin, { businessUnitId: unitB.id, name: `North ${tag}`, countryIds: ['NO'] })).statusCode).toBe(201);
    expect(
      (await admin({ method: 'POST', url: other.path, payload: { businessUnitId: unitA.id, name: `N ${tag}`, countryIds: ['NO'] } }))
        .statusCode,
    ).toBe(201);

    const moved = await admin({ method: 'PUT', url: `${path}/${first.id}`, payload: { ...first, businessUnitId: unitB.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('error.region.businessUnitCannotChange');
    // keeping its own countries is not a conflict with itself
    expect((await manager({ method: 'PUT', url: path, payload: { ...first, countryIds: ['NO', 'SE', 'FI'] } })).statusCode).toBe(200);
    const missing = await create(admin, { businessUnitId: 99999999, name: 'x', countryIds: ['NO'] });
    expect(missing.statusCode).toBe(400);
  });

  it('leaves one winner and one 400 when two requests race for a country', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const admin = await client([right], [unit.id]);
    for (let round = 0; round < 3; round++) {
      const tag = unique();
      const results = await Promise.all(
        ['A', 'B'].map((n) =>
          create(admin, { businessUnitId: unit.id, name: `${n} ${tag}`, countryIds: ['BR', `${round === 0 ? 'AR' : 'CL'}`] }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)?.json().message).toBe('error.region.countryAlreadyAssigned');
      await ctx.db.delete(region).where(eq(region.businessUnitId, unit.id));
    }
    // the database itself refuses a second region of this kind holding the country
    const [a, b] = await ctx.db
      .insert(region)
      .values([
        { kind, businessUnitId: unit.id, name: 'x' },
        { kind, businessUnitId: unit.id, name: 'y' },
      ])
      .returning();
    await ctx.db.insert(regionCountry).values({ regionId: a.id, businessUnitId: unit.id, kind, countryIsoCode: 'PE' });
    await expect(
      ctx.db.insert(regionCountry).values({ regionId: b.id, businessUnitId: unit.id, kind, countryIsoCode: 'PE' }),
    ).rejects.toThrow();
    // nor a link whose unit or kind is not its region's
    await expect(
      ctx.db.insert(regionCountry).values({ regionId: b.id, businessUnitId: unitB.id, kind, countryIsoCode: 'UY' }),
    ).rejects.toThrow();
  });

  it('lets a unit without regions of its own inherit the manufacturer-wide ones (unit 0)', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const both = await client([right], [0, unit.id]);
    const manufacturerWide = await create(global, { businessUnitId: 0, name: `World ${unique()}`, countryIds: ['JP'] });
    expect(manufacturerWide.statusCode).toBe(201);
    const inherited = await both({ method: 'GET', url: `${path}?business-unit=${unit.id}&size=2000` });
    expect(inherited.json()).toContainEqual(manufacturerWide.json());
    expect(inherited.json().every((r: { businessUnitId: number }) => r.businessUnitId === 0)).toBe(true);
    await create(both, { businessUnitId: unit.id, name: 'Own', countryIds: ['JP'] });
    const own = await both({ method: 'GET', url: `${path}?business-unit=${unit.id}` });
    expect(own.json().map((r: { name: string }) => r.name)).toEqual(['Own']);
    expect((await both({ method: 'GET', url: `${path}?business-unit=${unit.id}&sort=nope,asc` })).statusCode).toBe(400);
  });
});

describe('translations of interface regions', () => {
  it('registers interface_region: the unit’s interface regions with their names', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const admin = await client(['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE'], [unit.id]);
    const a = (
      await admin({
        method: 'POST',
        url: '/api/interface-regions',
        payload: { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE'] },
      })
    ).json();
    await admin({ method: 'POST', url: '/api/document-regions', payload: { businessUnitId: unit.id, name: 'Docs', countryIds: ['BE'] } });
    const entity = translatableEntity('interface_region');
    expect(entity?.fields).toEqual({ name: { maxLength: 50 } });
    expect(await entity?.sources(ctx.db, unit.id)).toEqual([{ id: a.id, label: 'Benelux', values: { name: 'Benelux' } }]);
    expect(await entity?.sources(ctx.db, unit.id, [])).toEqual([]);
  });
});

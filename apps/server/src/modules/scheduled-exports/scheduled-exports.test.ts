import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productType, scheduledExport } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

/** api/scheduled-exports (issue 21, decision 0059): a unit's exports on a schedule, SCHEDULED_EXPORT_MANAGE. */
let ctx: TestContext;
const s = {} as { unitId: number; otherId: number; typeId: number; type2Id: number; type3Id: number; otherTypeId: number };
let manager: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[]) =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  const other = await makeBusinessUnit(ctx.db);
  const [type, type2, type3, otherType] = await Promise.all([
    makeProductType(ctx.db, unit.id, { name: 'Catheters' }),
    makeProductType(ctx.db, unit.id, { name: 'Bandages' }),
    makeProductType(ctx.db, unit.id, { name: 'Needles' }),
    makeProductType(ctx.db, other.id),
  ]);
  Object.assign(s, {
    unitId: unit.id,
    otherId: other.id,
    typeId: type.id,
    type2Id: type2.id,
    type3Id: type3.id,
    otherTypeId: otherType.id,
  });
  manager = await client(['SCHEDULED_EXPORT_MANAGE'], [unit.id]);
  nobody = await client(['BULK_EXPORT', 'BULK_IMPORT', 'PRODUCT_MANAGE'], [unit.id]);
  elsewhere = await client(['SCHEDULED_EXPORT_MANAGE'], [other.id]);
});
afterAll(() => ctx?.close());

const body = (over: Record<string, unknown> = {}) => ({
  businessUnitId: s.unitId,
  entity: 'PRODUCT',
  productTypeId: s.typeId,
  fileFormat: 'XLS',
  frequency: 'WEEKLY',
  dayOfWeek: 3,
  hour: 6,
  recipients: ['erp@example.com', 'Quality@Example.com'],
  ...over,
});
const post = (c: ReturnType<typeof as>, payload: Record<string, unknown>) => c({ method: 'POST', url: '/api/scheduled-exports', payload });
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'scheduled_export'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const rows = () => ctx.db.select().from(scheduledExport);

describe('POST api/scheduled-exports', () => {
  it('answers 401, 403 without SCHEDULED_EXPORT_MANAGE or with it in another unit', async () => {
    expect((await post(as(ctx.app, undefined), body())).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await post(c, body())).statusCode).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses bad input with 400 and the field, changing nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ frequency: 'HOURLY' }, 'frequency'],
      [{ frequency: 'WEEKLY', dayOfWeek: null }, 'dayOfWeek'],
      [{ frequency: 'WEEKLY', dayOfWeek: 8 }, 'dayOfWeek'],
      [{ frequency: 'MONTHLY', dayOfMonth: null }, 'dayOfMonth'],
      [{ frequency: 'MONTHLY', dayOfMonth: 31 }, 'dayOfMonth'],
      [{ hour: 24 }, 'hour'],
      [{ hour: 1.5 }, 'hour'],
      [{ recipients: [] }, 'recipients'],
      [{ recipients: ['not an address'] }, 'recipients.0'],
      [{ recipients: ['a@example.com', 'A@example.com'] }, 'recipients.1'],
      [{ recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) }, 'recipients'],
      [{ fileFormat: 'CSV' }, 'fileFormat'],
      [{ entity: 'INVOICE' }, 'entity'],
      [{ productTypeId: 'x' }, 'productTypeId'],
      [{ productTypeId: null }, 'productTypeId'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ timeZone: 'CET; DROP' }, 'timeZone'],
      [{ timeZone: 5 }, 'timeZone'],
    ];
    for (const [over, field] of bad) {
      const res = await post(manager, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(
        res.json().fieldErrors.map((f: { field: string }) => f.field),
        JSON.stringify(over),
      ).toContain(field);
    }
    // another unit's product type, or none
    for (const productTypeId of [s.otherTypeId, 999_999]) {
      const res = await post(manager, body({ productTypeId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error.scheduledExport.productTypeBusinessUnitMismatch',
        fieldErrors: [{ field: 'productTypeId', message: 'error.scheduledExport.productTypeBusinessUnitMismatch' }],
      });
    }
    expect(await rows()).toHaveLength(0);
  });

  it('creates a schedule with its next run in UTC, audited; a second one for the product type exists', async () => {
    const before = Date.now();
    const res = await post(manager, body());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      businessUnitId: s.unitId,
      productTypeId: s.typeId,
      productTypeName: 'Catheters',
      fileFormat: 'XLS',
      frequency: 'WEEKLY',
      dayOfWeek: 3,
      dayOfMonth: null,
      hour: 6,
      recipients: ['erp@example.com', 'quality@example.com'],
      active: true,
      lastRunAt: null,
      version: 0,
    });
    const next = new Date(created.nextRunAt);
    // a Wednesday at 06:00 UTC within the coming week
    expect(next.getUTCDay()).toBe(3);
    expect(next.getUTCHours()).toBe(6);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    const [entry] = await auditsOf(created.id);
    expect(entry).toMatchObject({ action: 'CREATE', businessUnitId: s.unitId });
    expect(entry?.changes).toMatchObject({
      productTypeId: s.typeId,
      frequency: 'WEEKLY',
      recipients: ['erp@example.com', 'quality@example.com'],
    });

    const again = await post(manager, body({ fileFormat: 'TXT', frequency: 'DAILY' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'error.scheduledExport.exists', fieldErrors: [{ field: 'productTypeId' }] });
    expect(await rows()).toHaveLength(1);
  });

  it('keeps only the day the frequency uses, and a paused schedule has no next run', async () => {
    const res = await post(manager, body({ productTypeId: s.type2Id, frequency: 'DAILY', dayOfWeek: 5, dayOfMonth: 3, active: false }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, active: false, nextRunAt: null });
  });
});

describe('GET api/scheduled-exports', () => {
  it('answers 401, 403, 400 without the unit', async () => {
    const url = `/api/scheduled-exports?business-unit=${s.unitId}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: '/api/scheduled-exports' })).statusCode).toBe(400);
    expect((await manager({ method: 'GET', url: `${url}&sort=recipients,asc` })).statusCode).toBe(400);
  });

  it('lists the unit’s schedules by product type name, pages them and counts them', async () => {
    const res = await manager({ method: 'GET', url: `/api/scheduled-exports?business-unit=${s.unitId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((r: { productTypeName: string }) => r.productTypeName)).toEqual(['Bandages', 'Catheters']);
    const page = await manager({
      method: 'GET',
      url: `/api/scheduled-exports?business-unit=${s.unitId}&size=1&page=1&sort=productTypeName,desc`,
    });
    expect(page.json().map((r: { productTypeName: string }) => r.productTypeName)).toEqual(['Bandages']);
    expect(page.headers['x-total-count']).toBe('2');
    const other = await elsewhere({ method: 'GET', url: `/api/scheduled-exports?business-unit=${s.otherId}` });
    expect(other.json()).toEqual([]);
    expect(other.headers['x-total-count']).toBe('0');
  });
});

describe('GET|PUT|DELETE api/scheduled-exports/:id', () => {
  let id: number;
  let version: number;
  beforeAll(async () => {
    const res = await post(manager, body({ productTypeId: s.type3Id, frequency: 'MONTHLY', dayOfMonth: 28, dayOfWeek: null }));
    ({ id, version } = res.json());
  });

  it('answers 401, 403 in another unit, 404 error.scheduledExport.notFound for no such schedule', async () => {
    const url = `/api/scheduled-exports/${id}`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) {
      expect((await c({ method: 'GET', url })).statusCode).toBe(403);
      expect((await c({ method: 'PUT', url, payload: body({ id, version, productTypeId: s.type3Id }) })).statusCode).toBe(403);
      expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    }
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await manager({ method, url: '/api/scheduled-exports/999999' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'error.scheduledExport.notFound' });
    }
    const put = await manager({ method: 'PUT', url: '/api/scheduled-exports/999999', payload: body({ id: 999999, version: 0 }) });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ message: 'error.scheduledExport.notFound' });
    expect((await manager({ method: 'GET', url: '/api/scheduled-exports/abc' })).statusCode).toBe(400);
  });

  it('reads and updates a schedule: audited, the next run recomputed, a stale version 409, the unit fixed', async () => {
    const got = await manager({ method: 'GET', url: `/api/scheduled-exports/${id}` });
    expect(got.json()).toMatchObject({ id, frequency: 'MONTHLY', dayOfMonth: 28 });
    expect(new Date(got.json().nextRunAt).getUTCDate()).toBe(28);
    const url = `/api/scheduled-exports/${id}`;
    const res = await manager({
      method: 'PUT',
      url,
      payload: body({ id, version, productTypeId: s.type3Id, frequency: 'DAILY', hour: 23, recipients: ['new@example.com'] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      frequency: 'DAILY',
      dayOfMonth: null,
      hour: 23,
      recipients: ['new@example.com'],
      version: version + 1,
    });
    expect(new Date(res.json().nextRunAt).getUTCHours()).toBe(23);
    const [entry] = await auditsOf(id);
    expect(entry).toMatchObject({ action: 'UPDATE', businessUnitId: s.unitId });
    expect(entry?.changes).toMatchObject({ frequency: { from: 'MONTHLY', to: 'DAILY' }, hour: { from: 6, to: 23 } });

    const stale = await manager({ method: 'PUT', url, payload: body({ id, version, productTypeId: s.type3Id }) });
    expect(stale.statusCode).toBe(409);
    const mismatch = await manager({ method: 'PUT', url, payload: body({ id: id + 1, version: version + 1, productTypeId: s.type3Id }) });
    expect(mismatch.statusCode).toBe(400);
    const unit = await manager({
      method: 'PUT',
      url,
      payload: body({ id, version: version + 1, businessUnitId: s.otherId, productTypeId: s.otherTypeId }),
    });
    expect(unit.statusCode).toBe(400);
    // another schedule's product type
    const taken = await manager({ method: 'PUT', url, payload: body({ id, version: version + 1, productTypeId: s.typeId }) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: 'error.scheduledExport.exists' });
    const foreign = await manager({ method: 'PUT', url, payload: body({ id, version: version + 1, productTypeId: s.otherTypeId }) });
    expect(foreign.json()).toMatchObject({ message: 'error.scheduledExport.productTypeBusinessUnitMismatch' });
  });

  it('deletes a schedule, audited; then it is not found', async () => {
    const res = await manager({ method: 'DELETE', url: `/api/scheduled-exports/${id}` });
    expect(res.statusCode).toBe(204);
    expect((await auditsOf(id))[0]).toMatchObject({ action: 'DELETE', businessUnitId: s.unitId });
    expect((await manager({ method: 'GET', url: `/api/scheduled-exports/${id}` })).statusCode).toBe(404);
  });

  it('goes with its product type', async () => {
    const gone = await makeProductType(ctx.db, s.unitId);
    const res = await post(manager, body({ productTypeId: gone.id }));
    expect(res.statusCode).toBe(201);
    await ctx.db.delete(productType).where(eq(productType.id, gone.id));
    expect(await ctx.db.select().from(scheduledExport).where(eq(scheduledExport.id, res.json().id))).toHaveLength(0);
  });
});

describe("a schedule of the unit's documents, in a time zone", () => {
  const hourIn = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

  it('has no product type, runs at the hour of its zone, and is one per unit', async () => {
    const res = await post(
      manager,
      body({ entity: 'DOCUMENT', productTypeId: s.typeId, frequency: 'DAILY', hour: 2, timeZone: 'Europe/Brussels' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ entity: 'DOCUMENT', productTypeId: null, productTypeName: null, timeZone: 'Europe/Brussels', hour: 2 });
    expect(hourIn(created.nextRunAt, 'Europe/Brussels')).toBe('02');
    expect((await auditsOf(created.id))[0]?.changes).toMatchObject({
      entity: 'DOCUMENT',
      productTypeId: null,
      timeZone: 'Europe/Brussels',
    });

    const again = await post(manager, body({ entity: 'DOCUMENT', productTypeId: null, frequency: 'DAILY' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'error.scheduledExport.exists', fieldErrors: [{ field: 'entity' }] });
    // another unit has its own
    const other = await post(elsewhere, body({ businessUnitId: s.otherId, entity: 'DOCUMENT', productTypeId: null }));
    expect(other.statusCode, other.body).toBe(201);

    const list = await manager({ method: 'GET', url: `/api/scheduled-exports?business-unit=${s.unitId}&sort=id,desc` });
    expect(list.json()[0]).toMatchObject({ id: created.id, entity: 'DOCUMENT', productTypeName: null });

    // moved to another zone: the next run follows it
    const moved = await manager({
      method: 'PUT',
      url: `/api/scheduled-exports/${created.id}`,
      payload: body({
        id: created.id,
        version: 0,
        entity: 'DOCUMENT',
        productTypeId: null,
        frequency: 'DAILY',
        hour: 2,
        timeZone: 'Asia/Tokyo',
      }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ timeZone: 'Asia/Tokyo', version: 1 });
    expect(hourIn(moved.json().nextRunAt, 'Asia/Tokyo')).toBe('02');
    expect(new Date(moved.json().nextRunAt).getUTCHours()).toBe(17);
  });

  it('a schedule that names no zone runs in UTC', async () => {
    const type = await makeProductType(ctx.db, s.unitId);
    const res = await post(manager, body({ productTypeId: type.id, frequency: 'DAILY', hour: 5 }));
    expect(res.json()).toMatchObject({ timeZone: 'UTC' });
    expect(new Date(res.json().nextRunAt).getUTCHours()).toBe(5);
  });
});

import type { AccessRight } from '@vellum/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, file, fileVersion, product, publication, publishState } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makePublishFile, makeReadyUnit } from './publish.fixtures.js';

let ctx: TestContext;
let other: { id: number };
let publisher: ReturnType<typeof as>;
let publisherLogin: string;
/** PUBLISH in every unit but this file's own (for 403). */
let elsewhere: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const client = async (rights: AccessRight[], units: number[] | 'all') => {
  const user = await makeUserWithRights(ctx.db, rights, units);
  return { call: as(ctx.app, await tokenFor(ctx, user.id)), login: user.login };
};

beforeAll(async () => {
  ctx = await createTestContext();
  other = await makeBusinessUnit(ctx.db);
  const p = await client(['PUBLISH'], 'all');
  publisher = p.call;
  publisherLogin = p.login;
  elsewhere = (await client(['PUBLISH'], [other.id])).call;
  nobody = (await client(['PRODUCT_MANAGE', 'DOCUMENT_MANAGE', 'AUDIT_LOG_ALL_READ'], 'all')).call;
});
afterAll(() => ctx.close());

const post = (payload: unknown, c = publisher) => c({ method: 'POST', url: '/api/publish', payload: payload as object });
const publications = async (businessUnitId: number) =>
  (await ctx.db.select({ n: count() }).from(publication).where(eq(publication.businessUnitId, businessUnitId)))[0].n;
const productDate = async (id: number) => (await ctx.db.select().from(product).where(eq(product.id, id)))[0].publishDate;
const versionDate = async (id: number) => (await ctx.db.select().from(fileVersion).where(eq(fileVersion.id, id)))[0].publishDate;
const leases = async () => (await ctx.db.select({ n: count() }).from(publishState))[0].n;
const publishAudits = async (businessUnitId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.businessUnitId, businessUnitId), eq(auditLog.category, 'publish')));
const DAY = 24 * 60 * 60 * 1000;

describe('POST /api/publish: access and input', () => {
  it('answers 401 without a token, 403 without PUBLISH or with it only in another unit', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    expect((await post({ businessUnitId: unit.id }, anonymous())).statusCode).toBe(401);
    expect((await post({ businessUnitId: unit.id }, nobody)).statusCode).toBe(403);
    expect((await post({ businessUnitId: unit.id }, elsewhere)).statusCode).toBe(403);
    expect(await publications(unit.id)).toBe(0);
  });

  it('answers 400 for invalid bodies and a custom date before today, writing nothing', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const yesterday = new Date(Date.now() - DAY).toISOString();
    for (const body of [
      { businessUnitId: ready.unit.id, includeFuture: 'yes' },
      { businessUnitId: ready.unit.id, customDate: 'tomorrow' },
      { businessUnitId: ready.unit.id, customDate: '2026-13-01T00:00:00Z' },
      { businessUnitId: ready.unit.id, customDate: yesterday },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const past = await post({ businessUnitId: ready.unit.id, customDate: yesterday });
    expect(past.json()).toMatchObject({ message: 'error.publish.customDateInPast', fieldErrors: [{ field: 'customDate' }] });
    expect(await publications(ready.unit.id)).toBe(0);
    expect(await productDate(ready.product.id)).toBeNull();
    expect(await leases()).toBe(0);
  });

  it('answers 404 for a unit that does not exist, 400 for unit 0 (no public site of its own)', async () => {
    expect((await post({ businessUnitId: 999_999 })).statusCode).toBe(404);
    expect((await post({ businessUnitId: 0 })).statusCode).toBe(400);
  });

  it('answers 400 with the first readiness error and its items, writing nothing', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const disabled = await makeProductType(ctx.db, ready.unit.id, { keyCodeSearchTypeHcp: 'VISIBLE' });
    await makeProduct(ctx.db, disabled);
    const res = await post({ businessUnitId: ready.unit.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.publish.minimumSearchableAttributes',
      params: { items: [{ type: 'productType', id: disabled.id, name: disabled.name }] },
    });
    expect(await publications(ready.unit.id)).toBe(0);
    expect(await productDate(ready.product.id)).toBeNull();
    expect(await versionDate(ready.file.versionIds[0])).toBeNull();
    expect(await publishAudits(ready.unit.id)).toHaveLength(0);
    expect(await leases()).toBe(0);
  });
});

describe('POST /api/publish: the publish', () => {
  it('stamps now, creates publication #1 then #2, writes the publish audit entry and answers the alert', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const before = Date.now();
    const res = await post({ businessUnitId: ready.unit.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.publish.success');
    expect(res.headers['x-vellum-params']).toBe('1');
    const body = res.json();
    expect(body).toMatchObject({
      businessUnitId: ready.unit.id,
      number: 1,
      kind: 'PUBLISH',
      includeFuture: false,
      customDate: null,
      createdBy: publisherLogin,
      live: true,
      counts: { stamped: { products: 1, files: 1, broughtForward: 0 } },
    });
    const stampedAt = (await productDate(ready.product.id))?.getTime() ?? 0;
    expect(stampedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(stampedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await versionDate(ready.file.versionIds[0]))?.getTime()).toBe(stampedAt);
    // the file's current publish date follows (trigger)
    const [f] = await ctx.db.select().from(file).where(eq(file.id, ready.file.id));
    expect(f.currentPublishDate?.getTime()).toBe(stampedAt);

    const [row] = await ctx.db.select().from(publication).where(eq(publication.id, body.id));
    expect(row).toMatchObject({ businessUnitId: ready.unit.id, number: 1, kind: 'PUBLISH' });
    expect((row.counts as { stamped: unknown }).stamped).toEqual({ products: 1, files: 1, broughtForward: 0 });

    const audits = await publishAudits(ready.unit.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entityName: 'publication',
      entityId: String(body.id),
      entityLabel: '#1',
      action: 'PUBLISH',
      login: publisherLogin,
    });
    expect(audits[0].changes).toMatchObject({ includeFuture: false, customDate: null, counts: { stamped: { products: 1, files: 1 } } });

    // nothing new: a second publish still makes a publication, stamping nothing
    const again = await post({ businessUnitId: ready.unit.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ number: 2, counts: { stamped: { products: 0, files: 0, broughtForward: 0 } } });
    expect((await productDate(ready.product.id))?.getTime()).toBe(stampedAt);
    expect(await leases()).toBe(0);
  });

  it('audit entries are readable with AUDIT_LOG_PUBLISH_READ through GET api/audit-logs', async () => {
    const ready = await makeReadyUnit(ctx.db);
    expect((await post({ businessUnitId: ready.unit.id })).statusCode).toBe(201);
    const reader = (await client(['AUDIT_LOG_PUBLISH_READ'], [ready.unit.id])).call;
    const res = await reader({ method: 'GET', url: `/api/audit-logs?business-unit=${ready.unit.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        action: 'PUBLISH',
        category: 'publish',
        entityName: 'publication',
        entityLabel: '#1',
        login: publisherLogin,
      }),
    ]);
  });

  it('a custom date in the future schedules the unpublished items; today is accepted', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const future = new Date(Date.now() + 3 * DAY);
    future.setUTCMilliseconds(0);
    const res = await post({ businessUnitId: ready.unit.id, customDate: future.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customDate).toBe(future.toISOString());
    expect((await productDate(ready.product.id))?.getTime()).toBe(future.getTime());
    expect((await versionDate(ready.file.versionIds[0]))?.getTime()).toBe(future.getTime());

    const today = await makeReadyUnit(ctx.db);
    const startOfToday = new Date();
    startOfToday.setUTCHours(0, 0, 0, 0);
    const ok = await post({ businessUnitId: today.unit.id, customDate: startOfToday.toISOString() });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await productDate(today.product.id))?.getTime()).toBe(startOfToday.getTime());
  });

  it('includeFuture brings scheduled products and current versions to now; without it they keep their date', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const future = new Date(Date.now() + 5 * DAY);
    const scheduled = await makeProduct(ctx.db, ready.type, { publishDate: future });
    const scheduledFile = await makePublishFile(ctx.db, ready.doc, [{ binary: true, publishDate: future }]);

    const without = await post({ businessUnitId: ready.unit.id });
    expect(without.json().counts.stamped).toEqual({ products: 1, files: 1, broughtForward: 0 });
    expect((await productDate(scheduled.id))?.getTime()).toBe(future.getTime());
    expect((await versionDate(scheduledFile.versionIds[0]))?.getTime()).toBe(future.getTime());

    const before = Date.now();
    const withFuture = await post({ businessUnitId: ready.unit.id, includeFuture: true });
    expect(withFuture.statusCode).toBe(201);
    expect(withFuture.json()).toMatchObject({ includeFuture: true, counts: { stamped: { products: 0, files: 0, broughtForward: 2 } } });
    for (const d of [await productDate(scheduled.id), await versionDate(scheduledFile.versionIds[0])]) {
      expect(d?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(d?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('includeFuture with a custom date: the unpublished get the custom date, the scheduled are brought to now', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const scheduled = await makeProduct(ctx.db, ready.type, { publishDate: new Date(Date.now() + 9 * DAY) });
    const custom = new Date(Date.now() + 2 * DAY);
    custom.setUTCMilliseconds(0);
    const res = await post({ businessUnitId: ready.unit.id, includeFuture: true, customDate: custom.toISOString() });
    expect(res.statusCode).toBe(201);
    expect((await productDate(ready.product.id))?.getTime()).toBe(custom.getTime());
    expect((await productDate(scheduled.id))?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('leaves superseded unpublished versions, archived files, versions without a binary and products of disabled types as they were', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const superseded = await makePublishFile(ctx.db, ready.doc, [{ binary: true }, { binary: true }]);
    const archived = await makePublishFile(ctx.db, ready.doc, [{ binary: true }], { archiveDate: new Date(Date.now() - 1000) });
    const archivingLater = await makePublishFile(ctx.db, ready.doc, [{ binary: true }], { archiveDate: new Date(Date.now() + DAY) });
    const noBinary = await makePublishFile(ctx.db, ready.doc, [{ binary: false }]);
    const disabled = await makeProductType(ctx.db, ready.unit.id, { status: 'DISABLED' });
    const idle = await makeProduct(ctx.db, disabled);

    const res = await post({ businessUnitId: ready.unit.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().counts.stamped).toEqual({ products: 1, files: 3, broughtForward: 0 });
    expect(await versionDate(superseded.versionIds[0])).toBeNull();
    expect(await versionDate(superseded.versionIds[1])).not.toBeNull();
    expect(await versionDate(archived.versionIds[0])).toBeNull();
    expect(await versionDate(archivingLater.versionIds[0])).not.toBeNull();
    expect(await versionDate(noBinary.versionIds[0])).toBeNull();
    expect(await productDate(idle.id)).toBeNull();
  });

  it('a failure midway rolls everything back: 500 error.publish.failed, dates unchanged, no publication, the lease released', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await ctx.db.execute(
      sql.raw(`CREATE FUNCTION test_publication_fails() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END $$`),
    );
    await ctx.db.execute(
      sql.raw(`CREATE TRIGGER test_publication_fails BEFORE INSERT ON publication
        FOR EACH ROW WHEN (NEW.business_unit_id = ${ready.unit.id}) EXECUTE FUNCTION test_publication_fails()`),
    );
    try {
      const res = await post({ businessUnitId: ready.unit.id, includeFuture: true });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 500, message: 'error.publish.failed' });
      expect(res.headers['x-vellum-error']).toBe('error.publish.failed');
      expect(await productDate(ready.product.id)).toBeNull();
      expect(await versionDate(ready.file.versionIds[0])).toBeNull();
      expect(await publications(ready.unit.id)).toBe(0);
      expect(await publishAudits(ready.unit.id)).toHaveLength(0);
      expect(await leases()).toBe(0);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER test_publication_fails ON publication'));
      await ctx.db.execute(sql.raw('DROP FUNCTION test_publication_fails()'));
    }
    expect((await post({ businessUnitId: ready.unit.id })).statusCode).toBe(201);
  });
});

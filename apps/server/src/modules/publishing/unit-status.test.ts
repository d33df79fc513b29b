import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeReadyUnit } from './publish.fixtures.js';

/**
 * A unit made inactive shows the coming-soon page at once (spec 001 §4), and its pages again once
 * active: its status reaches the website as a publication of the live content (kinds DEACTIVATE
 * and ACTIVATE), never by the site reading the admin's tables.
 */
let ctx: TestContext;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await makeUserWithRights(ctx.db, ['PUBLISH', 'BUSINESS_UNIT_UPDATE'], 'all');
  admin = as(ctx.app, await tokenFor(ctx, user.id));
});
afterAll(() => ctx?.close());

async function setActive(id: number, active: boolean) {
  const unit = (await admin({ method: 'GET', url: `/api/business-units/${id}` })).json();
  const { logoUrl: _logo, ...settings } = unit;
  const res = await admin({ method: 'PUT', url: '/api/business-units', payload: { ...settings, active } });
  expect(res.statusCode).toBe(200);
}
const history = async (id: number) => (await admin({ method: 'GET', url: `/api/publications?business-unit=${id}` })).json();

describe("a unit's status on its website", () => {
  it('takes the site offline at once when the unit is made inactive, and back when active again', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    expect((await admin({ method: 'POST', url: '/api/publish', payload: { businessUnitId: unit.id } })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}` })).statusCode).toBe(200);

    await setActive(unit.id, false);
    const off = await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}` });
    expect(off.statusCode).toBe(503);
    expect(off.body).toContain('Coming soon');
    let list = await history(unit.id);
    expect(list.map((p: { number: number; kind: string; live: boolean }) => [p.number, p.kind, p.live])).toEqual([
      [2, 'DEACTIVATE', true],
      [1, 'PUBLISH', false],
    ]);
    // the same content: nothing else changed
    expect(list[0].counts.products).toBe(list[1].counts.products);

    // a restore keeps the unit's current status
    const restored = await admin({ method: 'POST', url: `/api/publications/${list[1].id}/restore` });
    expect(restored.statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}` })).statusCode).toBe(503);

    await setActive(unit.id, true);
    expect((await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}` })).statusCode).toBe(200);
    list = await history(unit.id);
    expect(list[0]).toMatchObject({ number: 4, kind: 'ACTIVATE', live: true });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessUnitId, unit.id), eq(auditLog.category, 'publish')));
    expect(audited.map((a) => a.action).sort()).toEqual(['ACTIVATE', 'DEACTIVATE', 'PUBLISH', 'RESTORE']);
  });

  it('changes nothing public for a unit never published', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    await setActive(unit.id, false);
    expect(await history(unit.id)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}` })).statusCode).toBe(404);
  });
});

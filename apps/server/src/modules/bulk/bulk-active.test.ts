import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

/** GET|PUT api/bulk/active: the global switch of bulk uploads (spec 001 §4, §7). */
let ctx: TestContext;
let admin: string;
let reader: string;
let unitAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db);
  admin = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['BULK_IMPORT_ADMIN'], [0])).id);
  reader = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ'], [unit.id])).id);
  // the right in one unit is not the global right
  unitAdmin = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['BULK_IMPORT_ADMIN'], [unit.id])).id);
});
afterAll(() => ctx?.close());

const put = (token: string | undefined, payload: Record<string, unknown>) =>
  as(ctx.app, token)({ method: 'PUT', url: '/api/bulk/active', payload });
const get = (token: string | undefined) => as(ctx.app, token)({ method: 'GET', url: '/api/bulk/active' });

describe('api/bulk/active', () => {
  it('answers 401 without a token', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, { active: false })).statusCode).toBe(401);
  });

  it('is on at first, read by any signed-in user', async () => {
    const res = await get(reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ active: true });
  });

  it('is switched only with BULK_IMPORT_ADMIN globally, rights before validation', async () => {
    expect((await put(reader, { active: false })).statusCode).toBe(403);
    expect((await put(unitAdmin, { active: false })).statusCode).toBe(403);
    expect((await put(reader, { active: 'no' })).statusCode).toBe(403);
    for (const body of [{ active: 'no' }, {}, { active: null }]) {
      const res = await put(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await get(reader)).json()).toEqual({ active: true });
  });

  it('switches off and on for everyone, each change audited', async () => {
    const off = await put(admin, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ active: false });
    expect(off.headers['x-vellum-alert']).toBe('vellumApp.bulk.activeUpdated');
    expect((await get(reader)).json()).toEqual({ active: false });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'BULK_UPLOADS')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ entityName: 'manufacturer', changes: { bulkUploadsActive: { from: true, to: false } } });
    expect((await put(admin, { active: true })).json()).toEqual({ active: true });
    expect((await get(reader)).json()).toEqual({ active: true });
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'BULK_UPLOADS'));
    expect(rows).toHaveLength(2);
  });
});

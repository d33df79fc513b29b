import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentSearchAccess } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
let manager: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));
const stored = async (unitId: number) =>
  (await ctx.db.select().from(documentSearchAccess).where(eq(documentSearchAccess.businessUnitId, unitId)))[0];
const url = (unitId: number) => `/api/document-search-access?business-unit=${unitId}`;

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
  manager = await client(['DOCUMENT_SEARCH_USER_MANAGE'], [unitA.id]);
  nobody = await client(['RESTRICTED_ACCESS_GROUP_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'], [unitA.id]);
  elsewhere = await client(['DOCUMENT_SEARCH_USER_MANAGE'], [unitB.id]);
});
afterAll(() => ctx.close());

describe('GET /api/document-search-access', () => {
  it('answers 401, 403 (missing right, another unit), 400 without a unit, 404 for an unknown unit', async () => {
    expect((await anonymous()({ method: 'GET', url: url(unitA.id) })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url: url(unitA.id) })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: '/api/document-search-access' })).statusCode).toBe(400);
    const admin = await client(['DOCUMENT_SEARCH_USER_MANAGE'], 'all');
    expect((await admin({ method: 'GET', url: url(99999999) })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: url(0) })).statusCode).toBe(404);
  });

  it('answers an empty list at version 0 before the first save', async () => {
    const res = await manager({ method: 'GET', url: url(unitA.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ businessUnitId: unitA.id, emails: [], version: 0 });
  });
});

describe('PUT /api/document-search-access', () => {
  it('answers 401 and 403 (missing right, another unit), storing nothing', async () => {
    const payload = { emails: ['x@example.com'], version: 0 };
    const unit = await makeBusinessUnit(ctx.db);
    expect((await anonymous()({ method: 'PUT', url: url(unit.id), payload })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere, manager]) expect((await c({ method: 'PUT', url: url(unit.id), payload })).statusCode).toBe(403);
    expect(await stored(unit.id)).toBeUndefined();
  });

  it('answers 400 for invalid e-mails (naming the item), too many, or no version, storing nothing', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const own = await client(['DOCUMENT_SEARCH_USER_MANAGE'], [unit.id]);
    for (const [payload, field] of [
      [{ emails: ['ok@example.com', 'nope'], version: 0 }, 'emails.1'],
      [{ emails: [''], version: 0 }, 'emails.0'],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`), version: 0 }, 'emails'],
      [{ emails: [] }, 'version'],
      [{ emails: 'a@example.com', version: 0 }, 'emails'],
    ] as const) {
      const res = await own({ method: 'PUT', url: url(unit.id), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await stored(unit.id)).toBeUndefined();
  });

  it('saves the list (trimmed, lower-case, once each), bumps the version, audits, and answers 409 to a stale version', async () => {
    const first = await manager({
      method: 'PUT',
      url: url(unitA.id),
      payload: { emails: [' Search@Example.com', 'search@example.com', 'other@example.org'], version: 0 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-vellum-alert']).toBe('vellumApp.documentSearchAccess.saved');
    expect(first.json()).toEqual({ businessUnitId: unitA.id, emails: ['search@example.com', 'other@example.org'], version: 1 });
    expect((await manager({ method: 'GET', url: url(unitA.id) })).json()).toEqual(first.json());
    const stale = await manager({ method: 'PUT', url: url(unitA.id), payload: { emails: [], version: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    const second = await manager({
      method: 'PUT',
      url: url(unitA.id),
      payload: { emails: ['other@example.org', 'new@example.com'], version: 1 },
    });
    expect(second.json()).toEqual({ businessUnitId: unitA.id, emails: ['other@example.org', 'new@example.com'], version: 2 });
    const [a] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'document-search-access'), eq(auditLog.businessUnitId, unitA.id)))
      .orderBy(desc(auditLog.id));
    expect(a).toMatchObject({ action: 'UPDATE', changes: { emails: { added: ['new@example.com'], removed: ['search@example.com'] } } });
  });

  it('lets one of two concurrent first saves win; the other answers 409', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const own = await client(['DOCUMENT_SEARCH_USER_MANAGE'], [unit.id]);
    const answers = await Promise.all(
      ['a@example.com', 'b@example.com'].map((e) => own({ method: 'PUT', url: url(unit.id), payload: { emails: [e], version: 0 } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await stored(unit.id)).version).toBe(1);
  });

  it('goes with its unit when the unit is deleted', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const own = await client(['DOCUMENT_SEARCH_USER_MANAGE'], [unit.id]);
    await own({ method: 'PUT', url: url(unit.id), payload: { emails: ['a@example.com'], version: 0 } });
    const admin = await client(['BUSINESS_UNIT_DELETE'], 'all');
    expect((await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` })).statusCode).toBe(204);
    expect(await stored(unit.id)).toBeUndefined();
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, userSession } from '../../db/schema/index.js';
import {
  makeBusinessUnit,
  makeRole,
  makeSuperAdmin,
  makeUser,
  makeUserGroup,
  makeUserWithRights,
} from '../../factories/organisation-factories.js';
import { as, createTestContext, signIn, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let unitA: number;
let unitB: number;
let viewersGroup: { id: number; name: string };
let viewer: { id: number; login: string };
let adminLogin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = (await makeBusinessUnit(ctx.db)).id;
  unitB = (await makeBusinessUnit(ctx.db)).id;
  adminLogin = (await makeSuperAdmin(ctx.db)).login;
  const role = await makeRole(ctx.db, ['PRODUCT_READ', 'DOCUMENT_READ']);
  viewer = await makeUser(ctx.db);
  viewersGroup = await makeUserGroup(ctx.db, { roleId: role.id, businessUnitIds: [unitA], userIds: [viewer.id] });
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

const startDemo = (token: string, query: string) => as(ctx.app, token)({ method: 'POST', url: `/api/demo-token?${query}` });
const authorization = async (token: string) => as(ctx.app, token)({ method: 'GET', url: '/api/authorization' });

async function demoOfViewers(token: string): Promise<string> {
  const res = await startDemo(token, `user_group_id=${viewersGroup.id}`);
  expect(res.statusCode).toBe(200);
  return res.json().id_token;
}

const demoAudit = (action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityName, 'user-group'), eq(auditLog.entityId, String(viewersGroup.id))));

describe('POST /api/demo-token', () => {
  it('answers 401 without a token and 403 without DEMO_MODUS', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: `/api/demo-token?user_group_id=${viewersGroup.id}` })).statusCode).toBe(401);
    const res = await startDemo(await signIn(ctx.app, viewer.login), `user_group_id=${viewersGroup.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.http.403');
  });

  it('answers 400 unless exactly one of user_group_id and login is given, and 404 for an unknown one', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    for (const q of ['', `user_group_id=${viewersGroup.id}&login=${viewer.login}`, 'user_group_id=x', 'login=']) {
      const res = await startDemo(admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect((await startDemo(admin, 'user_group_id=999999')).statusCode).toBe(404);
    expect((await startDemo(admin, 'login=nobody-here')).statusCode).toBe(404);
    expect(await ctx.db.select().from(userSession).where(sql`${userSession.demoOfSessionId} is not null`)).toEqual([]);
  });

  it('a group demo acts with exactly the group rights and units, answers its label, and is audited with both users', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const res = await startDemo(admin, `user_group_id=${viewersGroup.id}`);
    expect(res.json()).toMatchObject({ kind: 'USER_GROUP', label: viewersGroup.name });
    const expires = Date.parse(res.json().expiresAt);
    expect(expires).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const demo = res.json().id_token;
    const rights = (await authorization(demo)).json();
    expect(rights.general).toEqual(['ROLE_USER']);
    expect(rights.businessUnits).toEqual([{ businessUnitId: unitA, rights: ['DOCUMENT_READ', 'PRODUCT_READ'] }]);
    const units = await as(ctx.app, demo)({ method: 'GET', url: '/api/business-units' });
    expect(units.statusCode).toBe(200);
    expect(units.json().map((u: { id: number }) => u.id)).toEqual([unitA]);
    // reads the target may not make are refused as they would be for the target
    expect((await as(ctx.app, demo)({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    const [row] = await demoAudit('DEMO_START');
    expect(row).toMatchObject({ login: adminLogin, entityLabel: viewersGroup.name });
  });

  it('a user demo acts as the user sees it', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const res = await startDemo(admin, `login=${encodeURIComponent(viewer.login.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'USER', label: viewer.login });
    const seen = (await authorization(res.json().id_token)).json();
    expect(seen).toEqual((await authorization(await signIn(ctx.app, viewer.login))).json());
  });

  it('refuses a demo of someone holding more than the caller (no escalation)', async () => {
    const manager = await makeUserWithRights(ctx.db, ['DEMO_MODUS', 'PRODUCT_READ', 'DOCUMENT_READ', 'PRODUCT_MANAGE'], [unitA]);
    // DEMO_MODUS held globally, content rights in unit A only
    const demoRole = await makeRole(ctx.db, ['DEMO_MODUS']);
    await makeUserGroup(ctx.db, { roleId: demoRole.id, businessUnitIds: [0], userIds: [manager.id] });
    const token = await signIn(ctx.app, manager.login);
    expect((await startDemo(token, `user_group_id=${viewersGroup.id}`)).statusCode).toBe(200);
    const up = await startDemo(token, `login=${encodeURIComponent(adminLogin)}`);
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe('error.demo.escalation');
    const elsewhere = await makeUserGroup(ctx.db, { roleId: (await makeRole(ctx.db, ['PRODUCT_READ'])).id, businessUnitIds: [unitB] });
    expect((await startDemo(token, `user_group_id=${elsewhere.id}`)).json().message).toBe('error.demo.escalation');
  });
});

describe('a demo token', () => {
  it('changes nothing: a mutation answers 403 error.demo.readOnly, also a new demo', async () => {
    const demo = await demoOfViewers(await signIn(ctx.app, adminLogin));
    const res = await as(ctx.app, demo)({ method: 'POST', url: '/api/account', payload: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.demo.readOnly');
    expect((await startDemo(demo, `user_group_id=${viewersGroup.id}`)).json().message).toBe('error.demo.readOnly');
    // a search sent as POST reads
    const search = await as(ctx.app, demo)({ method: 'POST', url: `/api/documents/search?business-unit=${unitA}`, payload: {} });
    expect(search.statusCode).toBe(200);
  });

  it('ends at exit: the demo token answers 401, the original token goes on; audited', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const demo = await demoOfViewers(admin);
    const before = (await demoAudit('DEMO_END')).length;
    expect((await as(ctx.app, demo)({ method: 'DELETE', url: '/api/demo-token' })).statusCode).toBe(204);
    expect((await authorization(demo)).json().code).toBe('token.inactive');
    expect((await authorization(admin)).statusCode).toBe(200);
    const ends = await demoAudit('DEMO_END');
    expect(ends).toHaveLength(before + 1);
    expect(ends.at(-1)).toMatchObject({ login: adminLogin, changes: { kind: 'USER_GROUP', reason: 'exit' } });
  });

  it('ends when the original session ends its demos', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const demo = await demoOfViewers(admin);
    expect((await as(ctx.app, admin)({ method: 'DELETE', url: '/api/demo-token' })).statusCode).toBe(204);
    expect((await authorization(demo)).statusCode).toBe(401);
    expect((await authorization(admin)).statusCode).toBe(200);
  });

  it('ends at logout of the original session, and a logout under the demo token ends both', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const demo = await demoOfViewers(admin);
    expect((await as(ctx.app, admin)({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await authorization(demo)).json().code).toBe('token.inactive');

    const admin2 = await signIn(ctx.app, adminLogin);
    const demo2 = await demoOfViewers(admin2);
    expect((await as(ctx.app, demo2)({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await authorization(demo2)).statusCode).toBe(401);
    expect((await authorization(admin2)).json().code).toBe('token.inactive');
  });

  it('ends when the original session ends (revoked or expired)', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const demo = await demoOfViewers(admin);
    const [orig] = await ctx.db
      .select()
      .from(userSession)
      .where(
        sql`${userSession.id} = (select demo_of_session_id from user_session where demo_of_session_id is not null order by created_at desc limit 1)`,
      );
    await ctx.db
      .update(userSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSession.id, orig.id));
    expect((await authorization(demo)).json().code).toBe('token.expired');
  });

  it('ends after an hour', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const demo = await demoOfViewers(admin);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await authorization(demo)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const res = await authorization(demo);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token.expired');
    expect((await authorization(admin)).statusCode).toBe(200);
  });

  it('follows the group: a group deleted ends the demo', async () => {
    const admin = await signIn(ctx.app, adminLogin);
    const role = await makeRole(ctx.db, ['PRODUCT_READ']);
    const group = await makeUserGroup(ctx.db, { roleId: role.id, businessUnitIds: [unitA] });
    const demo = (await startDemo(admin, `user_group_id=${group.id}`)).json().id_token;
    expect((await authorization(demo)).statusCode).toBe(200);
    await ctx.db.execute(sql`delete from user_group where id = ${group.id}`);
    expect((await authorization(demo)).json().code).toBe('token.inactive');
  });
});

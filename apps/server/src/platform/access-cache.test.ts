import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { appUser, role, userGroupBusinessUnit, userGroupMember } from '../db/schema/index.js';
import {
  DEFAULT_PASSWORD,
  makeBusinessUnit,
  makeRole,
  makeUser,
  makeUserGroup,
  setManufacturer,
} from '../factories/organisation-factories.js';
import { as, createTestContext, secondServer, signIn, type TestContext } from '../test/harness.js';
import { AccessCache } from './access-cache.js';
import { UserRights } from './rights.js';

const account = (app: FastifyInstance, token: string) => as(app, token)({ method: 'GET', url: '/api/account' });
const users = (app: FastifyInstance, token: string) => as(app, token)({ method: 'GET', url: '/api/users?page=0&size=1' });

/** A user who may list users (USER_MANAGE in the global unit through a group), signed in on `app`. */
async function userManager(db: Db, app: FastifyInstance) {
  const user = await makeUser(db);
  const r = await makeRole(db, ['USER_MANAGE']);
  const group = await makeUserGroup(db, { roleId: r.id, businessUnitIds: [0], userIds: [user.id] });
  const token = await signIn(app, user.login);
  return { user, role: r, group, token };
}

/** Changes the password of the user signed in with `token` on `app` from the default to another one. */
const changePassword = (app: FastifyInstance, token: string) =>
  as(
    app,
    token,
  )({
    method: 'POST',
    url: '/api/account/change-password',
    payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another#Pass2026' },
  });

/** Calls `call` twice, so that the second answer came from the cache, which is in use. */
async function warm(app: FastifyInstance, call: () => Promise<{ statusCode: number }>) {
  expect((await call()).statusCode).toBe(200);
  expect((await call()).statusCode).toBe(200);
  expect(app.deps.accessCache.active).toBe(true);
}

describe('AccessCache', () => {
  const entry = (userId: number, sessionId = `s${userId}`) => ({
    session: { sessionId, userId, revokedAt: null, expiresAt: new Date(Date.now() + 60_000), demo: null },
    user: { user: { id: userId } as never, rights: UserRights.fromGrants([]) },
  });

  it('keeps nothing until it listens, and forgets everything when the listener is lost', () => {
    const cache = new AccessCache();
    const a = entry(1);
    cache.store(cache.generation, a.session, a.user);
    expect(cache.session('s1')).toBeUndefined();
    cache.up();
    cache.store(cache.generation, a.session, a.user);
    expect(cache.session('s1')).toEqual(a.session);
    cache.down();
    expect(cache.session('s1')).toBeUndefined();
    cache.store(cache.generation, a.session, a.user);
    cache.up();
    expect(cache.session('s1')).toBeUndefined();
  });

  it('forgets one user on user:<id>, everything on all, and drops a load that raced a notification', () => {
    const cache = new AccessCache();
    cache.up();
    const [a, b] = [entry(1), entry(2)];
    cache.store(cache.generation, a.session, a.user);
    cache.store(cache.generation, b.session, b.user);
    cache.notify('user:1');
    expect(cache.session('s1')).toBeUndefined();
    expect(cache.user(1)).toBeUndefined();
    expect(cache.user(2)).toBeDefined();
    const before = cache.generation;
    cache.notify('user:3');
    cache.store(before, a.session, a.user);
    expect(cache.session('s1')).toBeUndefined();
    cache.notify('all');
    expect(cache.user(2)).toBeUndefined();
  });

  it('trusts an entry for its time to live only', () => {
    let now = 1_000;
    const cache = new AccessCache(100, () => now);
    cache.up();
    const a = entry(1);
    cache.store(cache.generation, a.session, a.user);
    now += 99;
    expect(cache.user(1)).toBeDefined();
    now += 1;
    expect(cache.user(1)).toBeUndefined();
  });
});

describe('revocation with a warm cache (one server)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a warm authenticated call finds its session, user and rights in the cache', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, token));
    const cached = ctx.app.deps.accessCache.user(user.id);
    expect(cached?.user.login).toBe(user.login);
    expect(cached?.rights.has('USER_MANAGE', 0)).toBe(true);
    expect(cached?.user).not.toHaveProperty('passwordHash');
  });

  it('logout: the next call with that token is refused', async () => {
    const { token } = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, token));
    expect((await as(ctx.app, token)({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await account(ctx.app, token)).statusCode).toBe(401);
  });

  it('password change: the other sessions are refused on their next call', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    const other = await signIn(ctx.app, user.login);
    await warm(ctx.app, () => account(ctx.app, other));
    const res = await changePassword(ctx.app, token);
    expect(res.statusCode).toBe(200);
    expect((await account(ctx.app, other)).json().code).toBe('token.inactive');
    expect((await account(ctx.app, token)).statusCode).toBe(200);
  });

  it('lock and deactivation: refused on the next call', async () => {
    const locked = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, locked.token));
    await ctx.db.update(appUser).set({ lockedAt: new Date() }).where(eq(appUser.id, locked.user.id));
    expect((await account(ctx.app, locked.token)).json().code).toBe('token.inactive');

    const inactive = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, inactive.token));
    await ctx.db.update(appUser).set({ activated: false }).where(eq(appUser.id, inactive.user.id));
    expect((await account(ctx.app, inactive.token)).json().code).toBe('token.inactive');
  });

  it('a change of groups, a group unit or role rights: the right is gone on the next call', async () => {
    const member = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => users(ctx.app, member.token));
    await ctx.db.delete(userGroupMember).where(eq(userGroupMember.userId, member.user.id));
    expect((await users(ctx.app, member.token)).statusCode).toBe(403);

    const unit = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => users(ctx.app, unit.token));
    await ctx.db.delete(userGroupBusinessUnit).where(eq(userGroupBusinessUnit.userGroupId, unit.group.id));
    expect((await users(ctx.app, unit.token)).statusCode).toBe(403);

    const rights = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => users(ctx.app, rights.token));
    await ctx.db
      .update(role)
      .set({ rights: ['PRODUCT_READ'] })
      .where(eq(role.id, rights.role.id));
    expect((await users(ctx.app, rights.token)).statusCode).toBe(403);
  });

  it('a user deleted: refused on the next call', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, token));
    await ctx.db.delete(appUser).where(eq(appUser.id, user.id));
    expect((await account(ctx.app, token)).statusCode).toBe(401);
  });

  it('own details and the manufacturer settings show on the next call', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    await warm(ctx.app, () => account(ctx.app, token));
    await ctx.db.update(appUser).set({ firstName: 'Renamed' }).where(eq(appUser.id, user.id));
    expect((await account(ctx.app, token)).json().firstName).toBe('Renamed');
    await setManufacturer(ctx.db, { authenticationMechanism: 'IMPLICIT_FLOW' });
    expect((await account(ctx.app, token)).json().authenticationMechanism).toBe('IMPLICIT_FLOW');
    await setManufacturer(ctx.db, { authenticationMechanism: 'USERNAME_PASSWORD' });
  });

  it('a unit deleted: its rights are gone on the next call', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const user = await makeUser(ctx.db);
    const r = await makeRole(ctx.db, ['USER_MANAGE']);
    await makeUserGroup(ctx.db, { roleId: r.id, businessUnitIds: [unit.id], userIds: [user.id] });
    const token = await signIn(ctx.app, user.login);
    const authorization = () => as(ctx.app, token)({ method: 'GET', url: '/api/authorization' });
    expect((await authorization()).json().businessUnits.map((u: { businessUnitId: number }) => u.businessUnitId)).toEqual([unit.id]);
    await ctx.db.delete(userGroupBusinessUnit).where(eq(userGroupBusinessUnit.businessUnitId, unit.id));
    expect((await authorization()).json().businessUnits).toEqual([]);
  });
});

/**
 * Runs a change made through A and waits until B has heard of it: PostgreSQL hands a notification
 * to the other process's connections asynchronously, within milliseconds of the commit (the
 * process that made the change has it before its COMMIT answers). Hearing nothing within 2 s
 * fails the test: the time to live alone would not refuse the next call.
 */
async function changeOnA(b: FastifyInstance, change: () => Promise<unknown>) {
  const before = b.deps.accessCache.generation;
  await change();
  const end = Date.now() + 2000;
  while (b.deps.accessCache.generation === before && Date.now() < end) await new Promise((r) => setTimeout(r, 1));
  expect(b.deps.accessCache.generation).not.toBe(before);
}

describe.skipIf(!process.env.DATABASE_URL)('revocation across two server processes on one PostgreSQL database', () => {
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof secondServer>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    second = await secondServer(ctx);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('listens on its own connection, so both caches are in use', () => {
    expect(ctx.app.deps.accessCache.active).toBe(true);
    expect(second.app.deps.accessCache.active).toBe(true);
  });

  it('logout on A: the next call on B is refused', async () => {
    const { token } = await userManager(ctx.db, ctx.app);
    await warm(second.app, () => account(second.app, token));
    await changeOnA(second.app, async () => {
      expect((await as(ctx.app, token)({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    });
    expect((await account(second.app, token)).json().code).toBe('token.inactive');
  });

  it('password change on A: the other session is refused on B', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    const other = await signIn(ctx.app, user.login);
    await warm(second.app, () => account(second.app, other));
    await changeOnA(second.app, async () => expect((await changePassword(ctx.app, token)).statusCode).toBe(200));
    expect((await account(second.app, other)).json().code).toBe('token.inactive');
  });

  it('groups changed through the API of A: the right is gone on B', async () => {
    const member = await userManager(ctx.db, ctx.app);
    const admin = await userManager(ctx.db, ctx.app);
    await warm(second.app, () => users(second.app, member.token));
    const u = (await as(ctx.app, admin.token)({ method: 'GET', url: `/api/users/${member.user.id}` })).json();
    await changeOnA(second.app, async () => {
      const res = await as(
        ctx.app,
        admin.token,
      )({
        method: 'PUT',
        url: '/api/users',
        payload: {
          id: u.id,
          version: u.version,
          login: u.login,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          userGroupIds: [],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect((await users(second.app, member.token)).statusCode).toBe(403);
  });

  it('lock on A (any writer): refused on B', async () => {
    const { user, token } = await userManager(ctx.db, ctx.app);
    await warm(second.app, () => account(second.app, token));
    await changeOnA(second.app, () => ctx.db.update(appUser).set({ lockedAt: new Date() }).where(eq(appUser.id, user.id)));
    expect((await account(second.app, token)).json().code).toBe('token.inactive');
  });

  it('role rights edited on A: refused on B', async () => {
    const m = await userManager(ctx.db, ctx.app);
    await warm(second.app, () => users(second.app, m.token));
    await changeOnA(second.app, () =>
      ctx.db
        .update(role)
        .set({ rights: ['PRODUCT_READ'] })
        .where(eq(role.id, m.role.id)),
    );
    expect((await users(second.app, m.token)).statusCode).toBe(403);
  });
});

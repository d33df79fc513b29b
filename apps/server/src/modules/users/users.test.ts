import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, passwordHistory, resetKey, userGroupMember, userSession } from '../../db/schema/index.js';
import { makeBusinessUnit, makeRole, makeUser, makeUserGroup, makeUserWithRights } from '../../factories/organisation-factories.js';
import { verifyPassword } from '../../platform/passwords.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let me: Awaited<ReturnType<typeof makeUser>>;
let unitOnly: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let roleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  me = await makeUserWithRights(ctx.db, ['USER_MANAGE'], [0], { login: 'the-manager@example.com' });
  manager = as(ctx.app, await tokenFor(ctx, me.id));
  const unit = await makeBusinessUnit(ctx.db);
  unitOnly = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['USER_MANAGE'], [unit.id])).id));
  nobody = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['ROLE_MANAGE', 'PRODUCT_MANAGE'], 'all')).id));
  roleId = (await makeRole(ctx.db, ['PRODUCT_READ'])).id;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const usersWithLogin = (login: string) => ctx.db.select().from(appUser).where(eq(appUser.login, login));
const userRow = async (id: number) => (await ctx.db.select().from(appUser).where(eq(appUser.id, id)))[0];
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'user'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const groupIdsOf = async (userId: number) =>
  (await ctx.db.select().from(userGroupMember).where(eq(userGroupMember.userId, userId))).map((m) => m.userGroupId).sort((a, b) => a - b);
const newUserBody = (over: Record<string, unknown> = {}) => {
  const login = `new-${unique()}@example.com`;
  return { login, email: login, firstName: 'New', lastName: 'Person', ...over };
};
const updateBodyOf = (u: typeof appUser.$inferSelect, userGroupIds: number[], over: Record<string, unknown> = {}) => ({
  id: u.id,
  login: u.login,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  activated: u.activated,
  technicalAccount: u.technicalAccount,
  langKey: u.langKey,
  userGroupIds,
  version: u.version,
  ...over,
});

describe('access to /api/users', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/users/1'],
      ['POST', '/api/users'],
      ['PUT', '/api/users'],
      ['DELETE', '/api/users/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without USER_MANAGE, and when it is held only in a business unit', async () => {
    const u = await makeUser(ctx.db);
    for (const client of [nobody, unitOnly]) {
      expect((await client({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
      expect((await client({ method: 'GET', url: `/api/users/${u.id}` })).statusCode).toBe(403);
      const body = newUserBody();
      const post = await client({ method: 'POST', url: '/api/users', payload: body });
      expect(post.statusCode).toBe(403);
      expect(await usersWithLogin(body.login)).toHaveLength(0);
      const put = await client({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { activated: false }) });
      expect(put.statusCode).toBe(403);
      expect((await client({ method: 'DELETE', url: `/api/users/${u.id}` })).statusCode).toBe(403);
    }
    expect(await userRow(u.id)).toMatchObject({ activated: true });
  });
});

describe('GET /api/users', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique();
    const people = [
      ['carol', 'Carol', 'Zimmer', false],
      ['alice', 'Alice', 'Young', true],
      ['bob', 'Bob', 'Xavier', true],
      ['dave', null, null, true],
      ['erin', 'Erin', 'Walker', true],
    ] as const;
    for (const [name, firstName, lastName, activated] of people) {
      await makeUser(ctx.db, { login: `${name}.${tag}`, email: `${name}-${tag}@mail.example`, firstName, lastName, activated });
    }
  });
  const logins = (res: { json(): { login: string }[] }) => res.json().map((u) => u.login.split('.')[0]);

  it('answers an array with the total in x-total-count, paged and sorted', async () => {
    const first = await manager({ method: 'GET', url: `/api/users?search=${tag}&page=0&size=2&sort=login,asc` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(logins(first)).toEqual(['alice', 'bob']);
    const last = await manager({ method: 'GET', url: `/api/users?search=${tag}&page=2&size=2&sort=login,asc` });
    expect(logins(last)).toEqual(['erin']);
    expect(last.headers['x-total-count']).toBe('5');
    const beyond = await manager({ method: 'GET', url: `/api/users?search=${tag}&page=9&size=2` });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it('sorts by each allowed field', async () => {
    const get = async (sort: string) => logins(await manager({ method: 'GET', url: `/api/users?search=${tag}&sort=${sort}` }));
    expect(await get('login,desc')).toEqual(['erin', 'dave', 'carol', 'bob', 'alice']);
    expect(await get('email,asc')).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    expect(await get('lastName,asc')).toEqual(['erin', 'bob', 'alice', 'carol', 'dave']);
    expect(await get('firstName,desc')).toEqual(['dave', 'erin', 'carol', 'bob', 'alice']);
    expect(await get('createdDate,asc')).toEqual(['carol', 'alice', 'bob', 'dave', 'erin']);
    expect(await get('lastModifiedDate,desc')).toEqual(['erin', 'dave', 'bob', 'alice', 'carol']);
    expect((await get('activated,asc'))[0]).toBe('carol');
    // several sort criteria apply in order
    const multi = await manager({ method: 'GET', url: `/api/users?search=${tag}&sort=activated,desc&sort=login,desc` });
    expect(logins(multi)).toEqual(['erin', 'dave', 'bob', 'alice', 'carol']);
  });

  it('searches login, e-mail, first and last name, partially and ignoring case', async () => {
    const find = async (search: string) => {
      const res = await manager({ method: 'GET', url: `/api/users?search=${encodeURIComponent(search)}&sort=login,asc` });
      return logins(res).filter((l) => ['alice', 'bob', 'carol', 'dave', 'erin'].includes(l));
    };
    expect(await find(`ALICE.${tag}`)).toEqual(['alice']);
    expect(await find(`bob-${tag}@MAIL`)).toEqual(['bob']);
    expect(await find('zimm')).toEqual(['carol']);
    expect(await find('eRiN wal')).toEqual(['erin']);
    expect(await find('Xavier')).toEqual(['bob']);
    const none = await manager({ method: 'GET', url: `/api/users?search=${tag}_%25` });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('answers 400 for an unknown sort field or a bad page', async () => {
    for (const q of ['sort=passwordHash,asc', 'page=-1', 'size=0', 'size=5000', 'sort=login,sideways']) {
      const res = await manager({ method: 'GET', url: `/api/users?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
  });

  it("answers each user's groups by name, read with the page", async () => {
    const [alice] = await ctx.db
      .select()
      .from(appUser)
      .where(eq(appUser.login, `alice.${tag}`));
    const b = await makeUserGroup(ctx.db, { roleId, userIds: [alice.id], name: `B ${tag}` });
    const a = await makeUserGroup(ctx.db, { roleId, userIds: [alice.id], name: `A ${tag}` });
    const res = await manager({ method: 'GET', url: `/api/users?search=${tag}&sort=login,asc` });
    const users = res.json() as { login: string; userGroups: unknown[] }[];
    expect(users[0].userGroups).toEqual([
      { id: a.id, name: a.name },
      { id: b.id, name: b.name },
    ]);
    expect(users[1].userGroups).toEqual([]);
  });

  it('never answers password hashes', async () => {
    const res = await manager({ method: 'GET', url: `/api/users?search=${tag}` });
    expect(res.body).not.toMatch(/password|argon2/i);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the user with groups and derived fields, or 404', async () => {
    const u = await makeUser(ctx.db, { firstName: 'Lou', lastName: 'Reed', lockedAt: new Date(), createdBy: 'someone' });
    const g = await makeUserGroup(ctx.db, { roleId, userIds: [u.id] });
    const res = await manager({ method: 'GET', url: `/api/users/${u.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      login: u.login,
      fullName: 'Lou Reed',
      locked: true,
      activated: true,
      technicalAccount: false,
      langKey: 'en',
      userGroups: [{ id: g.id, name: g.name }],
      createdBy: 'someone',
      createdDate: u.createdDate.toISOString(),
      version: 0,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    expect((await manager({ method: 'GET', url: '/api/users/999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/users', () => {
  it('with a password: sets it (argon2, history row), links groups, audits and sends no mail', async () => {
    const g = await makeUserGroup(ctx.db, { roleId });
    const mailsBefore = ctx.mails().length;
    const body = newUserBody({ login: `  WithPw-${unique()}@Example.com `, password: 'Secret#2026', userGroupIds: [g.id, g.id] });
    const res = await manager({ method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    const login = body.login.trim().toLowerCase();
    expect(user).toMatchObject({
      login,
      fullName: 'New Person',
      activated: true,
      locked: false,
      userGroups: [{ id: g.id, name: g.name }],
      createdBy: me.login,
      lastModifiedBy: me.login,
      version: 0,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.user.created');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe(login);
    const row = await userRow(user.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'Secret#2026')).toBe(true);
    expect(await ctx.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.id))).toHaveLength(1);
    expect(ctx.mails()).toHaveLength(mailsBefore);
    const [a] = await auditsOf(user.id);
    expect(a).toMatchObject({ action: 'CREATE', userId: me.id, login: me.login });
    expect(a.changes).toMatchObject({ login, userGroupIds: [g.id], passwordSet: true });
    expect(JSON.stringify(a.changes)).not.toMatch(/Secret|argon2/);
  });

  it('without a password: no password is set and a welcome mail carries a reset link', async () => {
    const body = newUserBody();
    const res = await manager({ method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect((await userRow(id)).passwordHash).toBeNull();
    const mail = mailText(ctx.mails().at(-1) ?? '');
    expect(mail).toContain(`To: ${body.email}`);
    expect(mail).toContain('Your Vellum account');
    const key = /reset\/finish\?key=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(key).toBeDefined();
    const keys = await ctx.db.select().from(resetKey).where(eq(resetKey.userId, id));
    expect(keys).toHaveLength(1);
    expect(keys[0].usedAt).toBeNull();
  });

  it('SSO-only without a password: stored, and no mail to choose a password', async () => {
    const mailsBefore = ctx.mails().length;
    const res = await manager({ method: 'POST', url: '/api/users', payload: newUserBody({ ssoOnly: true }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().ssoOnly).toBe(true);
    expect(ctx.mails()).toHaveLength(mailsBefore);
    expect(await ctx.db.select().from(resetKey).where(eq(resetKey.userId, res.json().id))).toHaveLength(0);
  });

  it('answers 400 error.idexists with an id, storing nothing', async () => {
    const body = newUserBody({ id: 5 });
    const res = await manager({ method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.idexists');
    expect(await usersWithLogin(body.login)).toHaveLength(0);
  });

  it('answers 400 error.validation for a bad body, storing nothing and sending no mail', async () => {
    const mailsBefore = ctx.mails().length;
    const base = newUserBody();
    for (const over of [
      { email: 'not-an-email' },
      { login: 'has space' },
      { login: '' },
      { password: 'weak' },
      { firstName: 'x'.repeat(51) },
      { langKey: 'fr' },
      { userGroupIds: [0] },
    ]) {
      const res = await manager({ method: 'POST', url: '/api/users', payload: { ...base, ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await usersWithLogin(base.login)).toHaveLength(0);
    expect(ctx.mails()).toHaveLength(mailsBefore);
  });

  it('refuses a login or an e-mail already used, ignoring case', async () => {
    const existing = await makeUser(ctx.db, { login: `taken-${unique()}`, email: `taken-${unique()}@example.com` });
    const login = await manager({ method: 'POST', url: '/api/users', payload: newUserBody({ login: existing.login.toUpperCase() }) });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('error.userexists');
    expect(login.headers['x-vellum-error']).toBe('error.userexists');
    const body = newUserBody({ email: existing.email.toUpperCase() });
    const email = await manager({ method: 'POST', url: '/api/users', payload: body });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('error.emailexists');
    expect(await usersWithLogin(body.login)).toHaveLength(0);
  });

  it('refuses unknown user groups, storing nothing', async () => {
    const body = newUserBody({ userGroupIds: [999999] });
    const res = await manager({ method: 'POST', url: '/api/users', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.user.userGroupNotFound', params: { ids: [999999] } });
    expect(await usersWithLogin(body.login)).toHaveLength(0);
  });
});

describe('PUT /api/users', () => {
  it('updates fields, replaces groups, increments the version and audits the difference', async () => {
    const g1 = await makeUserGroup(ctx.db, { roleId });
    const g2 = await makeUserGroup(ctx.db, { roleId });
    const u = await makeUser(ctx.db);
    await makeUserGroup(ctx.db, { roleId, name: `Old ${unique()}` }).then((g) =>
      ctx.db.insert(userGroupMember).values({ userGroupId: g.id, userId: u.id }),
    );
    const oldGroups = await groupIdsOf(u.id);
    const email = `changed-${unique()}@example.com`;
    const res = await manager({
      method: 'PUT',
      url: '/api/users',
      payload: updateBodyOf(u, [g2.id, g1.id], { email, firstName: 'Changed', technicalAccount: true }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      email,
      firstName: 'Changed',
      technicalAccount: true,
      lastModifiedBy: me.login,
      version: 1,
    });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.user.updated');
    expect(await groupIdsOf(u.id)).toEqual([g1.id, g2.id].sort((a, b) => a - b));
    const [a] = await auditsOf(u.id);
    expect(a.action).toBe('UPDATE');
    expect(a.changes).toEqual({
      email: { from: u.email, to: email },
      firstName: { from: 'Test', to: 'Changed' },
      technicalAccount: { from: false, to: true },
      userGroupIds: { from: oldGroups, to: [g1.id, g2.id].sort((x, y) => x - y) },
    });
  });

  it('marks a user SSO-only and back, answered by GET and audited; refuses a non-boolean', async () => {
    const u = await makeUser(ctx.db);
    const on = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { ssoOnly: true }) });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ ssoOnly: true, version: 1 });
    expect((await manager({ method: 'GET', url: `/api/users/${u.id}` })).json().ssoOnly).toBe(true);
    expect((await auditsOf(u.id))[0].changes).toEqual({ ssoOnly: { from: false, to: true } });
    for (const ssoOnly of ['yes', 1, null]) {
      const bad = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { ssoOnly, version: 1 }) });
      expect(bad.statusCode, String(ssoOnly)).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      expect(bad.json().fieldErrors).toEqual([expect.objectContaining({ field: 'ssoOnly' })]);
    }
    const off = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { ssoOnly: false, version: 1 }) });
    expect(off.json()).toMatchObject({ ssoOnly: false, version: 2 });
    expect(await userRow(u.id)).toMatchObject({ ssoOnly: false, version: 2 });
  });

  it('answers 409 on a stale version, changing nothing', async () => {
    const u = await makeUser(ctx.db);
    expect((await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { firstName: 'One' }) })).statusCode).toBe(200);
    const stale = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { firstName: 'Two' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect(await userRow(u.id)).toMatchObject({ firstName: 'One', version: 1 });
  });

  it('answers 404 for an unknown user and 400 for a bad body, changing nothing', async () => {
    const u = await makeUser(ctx.db);
    expect((await manager({ method: 'PUT', url: '/api/users', payload: { ...updateBodyOf(u, []), id: 999999 } })).statusCode).toBe(404);
    const bad = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { email: 'nope', firstName: 'Bad' }) });
    expect(bad.statusCode).toBe(400);
    const noVersion = await manager({
      method: 'PUT',
      url: '/api/users',
      payload: { ...updateBodyOf(u, []), version: undefined, firstName: 'Bad' },
    });
    expect(noVersion.statusCode).toBe(400);
    const noGroup = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [999999], { firstName: 'Bad' }) });
    expect(noGroup.json().message).toBe('error.user.userGroupNotFound');
    expect(await userRow(u.id)).toMatchObject({ firstName: 'Test', version: 0 });
  });

  it("refuses another user's login or e-mail but keeps its own", async () => {
    const a = await makeUser(ctx.db);
    const b = await makeUser(ctx.db);
    const login = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(b, [], { login: a.login.toUpperCase() }) });
    expect(login.json().message).toBe('error.userexists');
    const email = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(b, [], { email: a.email }) });
    expect(email.json().message).toBe('error.emailexists');
    const own = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(b, []) });
    expect(own.statusCode).toBe(200);
  });

  it('unlock clears the failed attempts and the lock', async () => {
    const u = await makeUser(ctx.db, { failedAttempts: 5, lockedAt: new Date() });
    expect((await manager({ method: 'GET', url: `/api/users/${u.id}` })).json().locked).toBe(true);
    const res = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, [], { unlock: true }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().locked).toBe(false);
    expect(await userRow(u.id)).toMatchObject({ failedAttempts: 0, lockedAt: null });
    expect((await auditsOf(u.id))[0].changes).toEqual({ locked: { from: true, to: false } });
    // without unlock a lock stays
    const v = await makeUser(ctx.db, { failedAttempts: 5, lockedAt: new Date() });
    await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(v, [], { firstName: 'Still' }) });
    expect((await userRow(v.id)).lockedAt).not.toBeNull();
  });

  it('deactivating revokes the sessions: the user token answers 401 token.inactive, also after re-activation', async () => {
    const u = await makeUserWithRights(ctx.db, ['USER_MANAGE'], [0]);
    const token = await tokenFor(ctx, u.id);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/users?size=1' })).statusCode).toBe(200);
    const groups = await groupIdsOf(u.id);
    const res = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(u, groups, { activated: false }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().activated).toBe(false);
    const sessions = await ctx.db.select().from(userSession).where(eq(userSession.userId, u.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const denied = await as(ctx.app, token)({ method: 'GET', url: '/api/users?size=1' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 'token.inactive', message: 'error.tokenInactive' });
    const again = await manager({
      method: 'PUT',
      url: '/api/users',
      payload: updateBodyOf(await userRow(u.id), groups, { activated: true }),
    });
    expect(again.statusCode).toBe(200);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/users?size=1' })).json().code).toBe('token.inactive');
  });

  it('refuses to deactivate oneself or remove oneself from a group (error.user.self)', async () => {
    const mine = await groupIdsOf(me.id);
    const self = await userRow(me.id);
    const deactivate = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(self, mine, { activated: false }) });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json()).toMatchObject({ message: 'error.user.self', params: { action: 'deactivate' } });
    const leave = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(self, []) });
    expect(leave.statusCode).toBe(400);
    expect(leave.json()).toMatchObject({ message: 'error.user.self', params: { action: 'removeFromGroup' } });
    expect(await groupIdsOf(me.id)).toEqual(mine);
    expect(await userRow(me.id)).toMatchObject({ activated: true, version: self.version });
    // editing oneself otherwise, and joining a group, is fine
    const extra = await makeUserGroup(ctx.db, { roleId });
    const ok = await manager({ method: 'PUT', url: '/api/users', payload: updateBodyOf(self, [...mine, extra.id], { lastName: 'Me' }) });
    expect(ok.statusCode).toBe(200);
    expect((await as(ctx.app, await tokenFor(ctx, me.id))({ method: 'GET', url: '/api/users?size=1' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user (204) with memberships and sessions, and audits it', async () => {
    const u = await makeUser(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId, userIds: [u.id] });
    const token = await tokenFor(ctx, u.id);
    const res = await manager({ method: 'DELETE', url: `/api/users/${u.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.user.deleted');
    expect(await usersWithLogin(u.login)).toHaveLength(0);
    expect(await groupIdsOf(u.id)).toEqual([]);
    const [a] = await auditsOf(u.id);
    expect(a).toMatchObject({ action: 'DELETE', userId: me.id });
    expect(a.changes).toMatchObject({ login: u.login, userGroupIds: [g.id] });
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await manager({ method: 'DELETE', url: '/api/users/999999' })).statusCode).toBe(404);
  });

  it('refuses to delete oneself', async () => {
    const res = await manager({ method: 'DELETE', url: `/api/users/${me.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.user.self', params: { action: 'delete' } });
    expect(await usersWithLogin(me.login)).toHaveLength(1);
  });
});

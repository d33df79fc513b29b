import { SUPER_ADMIN_GROUP_NAME } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, role, userGroup, userGroupBusinessUnit, userGroupMember } from '../../db/schema/index.js';
import {
  makeBusinessUnit,
  makeRole,
  makeSuperAdmin,
  makeUser,
  makeUserGroup,
  makeUserWithRights,
} from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let managerId: number;
let roleManager: ReturnType<typeof as>;
let unitOnly: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let roleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await makeUserWithRights(ctx.db, ['USER_MANAGE'], [0], { firstName: 'Uma', lastName: 'Manager' });
  managerId = m.id;
  manager = as(ctx.app, await tokenFor(ctx, m.id));
  roleManager = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['ROLE_MANAGE'], [0])).id));
  const unit = await makeBusinessUnit(ctx.db);
  unitOnly = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['USER_MANAGE', 'ROLE_MANAGE'], [unit.id])).id));
  nobody = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_MANAGE'], 'all')).id));
  roleId = (await makeRole(ctx.db, ['PRODUCT_READ'])).id;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const groupsNamed = (name: string) => ctx.db.select().from(userGroup).where(eq(userGroup.name, name));
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'user-group'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const membersOf = async (groupId: number) =>
  (await ctx.db.select().from(userGroupMember).where(eq(userGroupMember.userGroupId, groupId))).map((m) => m.userId).sort((a, b) => a - b);
const unitsOf = async (groupId: number) =>
  (await ctx.db.select().from(userGroupBusinessUnit).where(eq(userGroupBusinessUnit.userGroupId, groupId)))
    .map((m) => m.businessUnitId)
    .sort((a, b) => a - b);
const superAdminGroup = async () => (await groupsNamed(SUPER_ADMIN_GROUP_NAME))[0];
const bodyOf = (
  g: { id: number; name: string; roleId: number; allBusinessUnits: boolean; version: number },
  units: number[],
  users: number[],
) => ({
  id: g.id,
  name: g.name,
  roleId: g.roleId,
  allBusinessUnits: g.allBusinessUnits,
  businessUnitIds: units,
  userIds: users,
  version: g.version,
});

describe('access to /api/user-groups', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user-groups'],
      ['GET', '/api/user-groups/1'],
      ['POST', '/api/user-groups'],
      ['PUT', '/api/user-groups'],
      ['DELETE', '/api/user-groups/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without the right, and when USER_MANAGE is held only in a business unit', async () => {
    const g = await makeUserGroup(ctx.db, { roleId });
    for (const client of [nobody, unitOnly]) {
      expect((await client({ method: 'GET', url: '/api/user-groups' })).statusCode).toBe(403);
      expect((await client({ method: 'GET', url: `/api/user-groups/${g.id}` })).statusCode).toBe(403);
      const post = await client({ method: 'POST', url: '/api/user-groups', payload: { name: `G ${unique()}`, roleId } });
      expect(post.statusCode).toBe(403);
      const put = await client({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], []) });
      expect(put.statusCode).toBe(403);
      expect((await client({ method: 'DELETE', url: `/api/user-groups/${g.id}` })).statusCode).toBe(403);
    }
    expect(await groupsNamed(g.name)).toHaveLength(1);
  });

  it('lets a role manager read user groups but not change them', async () => {
    const g = await makeUserGroup(ctx.db, { roleId });
    expect((await roleManager({ method: 'GET', url: '/api/user-groups' })).statusCode).toBe(200);
    expect((await roleManager({ method: 'GET', url: `/api/user-groups/${g.id}` })).statusCode).toBe(200);
    expect((await roleManager({ method: 'POST', url: '/api/user-groups', payload: { name: `G ${unique()}`, roleId } })).statusCode).toBe(
      403,
    );
    expect((await roleManager({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], []) })).statusCode).toBe(403);
    expect((await roleManager({ method: 'DELETE', url: `/api/user-groups/${g.id}` })).statusCode).toBe(403);
  });
});

describe('GET /api/user-groups', () => {
  it('lists groups with role, business units and members, including the super-admin group', async () => {
    const unit = await makeBusinessUnit(ctx.db, { displayName: 'Cardio' });
    const u = await makeUser(ctx.db, { firstName: 'Ann', lastName: 'Smith' });
    const r = await makeRole(ctx.db, []);
    const g = await makeUserGroup(ctx.db, { roleId: r.id, businessUnitIds: [unit.id, 0], userIds: [u.id] });
    const res = await manager({ method: 'GET', url: '/api/user-groups' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.find((x: { id: number }) => x.id === g.id)).toEqual({
      id: g.id,
      name: g.name,
      allBusinessUnits: false,
      superAdmin: false,
      role: { id: r.id, name: r.name },
      businessUnits: [
        { id: unit.id, displayName: 'Cardio' },
        { id: 0, displayName: 'Global' },
      ],
      users: [{ id: u.id, login: u.login, fullName: 'Ann Smith' }],
      version: 0,
    });
    expect(list.find((x: { name: string }) => x.name === SUPER_ADMIN_GROUP_NAME)).toMatchObject({
      superAdmin: true,
      allBusinessUnits: true,
      role: { name: 'Administrator' },
    });
  });

  it('searches by name (partial, case-insensitive) and sorts', async () => {
    const tag = unique();
    for (const n of ['beta', 'alpha', 'gamma']) await makeUserGroup(ctx.db, { roleId, name: `${n} ${tag}` });
    const res = await manager({ method: 'GET', url: `/api/user-groups?search=${tag.toUpperCase()}&sort=name,desc` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { name: string }) => x.name)).toEqual([`gamma ${tag}`, `beta ${tag}`, `alpha ${tag}`]);
    expect((await manager({ method: 'GET', url: '/api/user-groups?sort=role,asc' })).statusCode).toBe(400);
  });
});

describe('GET /api/user-groups/{id}', () => {
  it('answers the group, or 404', async () => {
    const g = await makeUserGroup(ctx.db, { roleId });
    const res = await manager({ method: 'GET', url: `/api/user-groups/${g.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, name: g.name, role: { id: roleId } });
    expect((await manager({ method: 'GET', url: '/api/user-groups/999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/user-groups', () => {
  it('creates a group with its links (201), audits and announces it', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const a = await makeUser(ctx.db);
    const b = await makeUser(ctx.db);
    const name = `Created ${unique()}`;
    const res = await manager({
      method: 'POST',
      url: '/api/user-groups',
      payload: { name, roleId, businessUnitIds: [unit.id, 0, unit.id], userIds: [b.id, a.id] },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name, allBusinessUnits: false, superAdmin: false, role: { id: roleId }, version: 0 });
    expect(body.users.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.userGroup.created');
    expect(await unitsOf(body.id)).toEqual([0, unit.id]);
    const [audit] = await auditsOf(body.id);
    expect(audit).toMatchObject({ action: 'CREATE', userId: managerId });
    expect(audit.changes).toEqual({
      name,
      roleId,
      allBusinessUnits: false,
      businessUnitIds: [0, unit.id],
      userIds: [a.id, b.id].sort((x, y) => x - y),
    });
  });

  it('answers 400 error.idexists with an id, and error.validation for a bad body, storing nothing', async () => {
    const name = `Bad ${unique()}`;
    const withId = await manager({ method: 'POST', url: '/api/user-groups', payload: { id: 3, name, roleId } });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().message).toBe('error.idexists');
    for (const payload of [{ name }, { name: '', roleId }, { name, roleId, userIds: [-1] }, { name, roleId, businessUnitIds: ['x'] }]) {
      const res = await manager({ method: 'POST', url: '/api/user-groups', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await groupsNamed(name)).toHaveLength(0);
  });

  it('refuses a name already used, ignoring case', async () => {
    const g = await makeUserGroup(ctx.db, { roleId });
    const res = await manager({ method: 'POST', url: '/api/user-groups', payload: { name: g.name.toUpperCase(), roleId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.userGroup.nameExists');
    expect(await groupsNamed(g.name.toUpperCase())).toHaveLength(0);
  });

  it('refuses an unknown role, business unit or user, storing nothing', async () => {
    const name = `Links ${unique()}`;
    const noRole = await manager({ method: 'POST', url: '/api/user-groups', payload: { name, roleId: 999999 } });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json()).toMatchObject({ message: 'error.userGroup.roleNotFound', fieldErrors: [{ field: 'roleId' }] });
    const noUnit = await manager({ method: 'POST', url: '/api/user-groups', payload: { name, roleId, businessUnitIds: [0, 999999] } });
    expect(noUnit.json()).toMatchObject({ message: 'error.userGroup.businessUnitNotFound', params: { ids: [999999] } });
    const noUser = await manager({ method: 'POST', url: '/api/user-groups', payload: { name, roleId, userIds: [managerId, 999998] } });
    expect(noUser.json()).toMatchObject({ message: 'error.userGroup.userNotFound', params: { ids: [999998] } });
    expect(await groupsNamed(name)).toHaveLength(0);
  });
});

describe('PUT /api/user-groups', () => {
  it('replaces fields, business units and members, increments the version and audits the difference', async () => {
    const u1 = await makeUser(ctx.db);
    const u2 = await makeUser(ctx.db);
    const unit = await makeBusinessUnit(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId, businessUnitIds: [unit.id], userIds: [u1.id] });
    const other = await makeRole(ctx.db, []);
    const name = `Renamed ${unique()}`;
    const res = await manager({
      method: 'PUT',
      url: '/api/user-groups',
      payload: { ...bodyOf(g, [], [u2.id]), name, roleId: other.id, allBusinessUnits: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, name, allBusinessUnits: true, role: { id: other.id }, businessUnits: [], version: 1 });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.userGroup.updated');
    expect(await membersOf(g.id)).toEqual([u2.id]);
    expect(await unitsOf(g.id)).toEqual([]);
    const [audit] = await auditsOf(g.id);
    expect(audit.action).toBe('UPDATE');
    expect(audit.changes).toEqual({
      name: { from: g.name, to: name },
      roleId: { from: roleId, to: other.id },
      allBusinessUnits: { from: false, to: true },
      businessUnitIds: { from: [unit.id], to: [] },
      userIds: { from: [u1.id], to: [u2.id] },
    });
  });

  it('answers 409 on a stale version, changing nothing', async () => {
    const u = await makeUser(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId });
    expect((await manager({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], [u.id]) })).statusCode).toBe(200);
    const stale = await manager({ method: 'PUT', url: '/api/user-groups', payload: { ...bodyOf(g, [0], []), name: `Stale ${unique()}` } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect(await membersOf(g.id)).toEqual([u.id]);
    expect(await unitsOf(g.id)).toEqual([]);
    expect((await groupsNamed(g.name))[0].version).toBe(1);
  });

  it('answers 404 for an unknown group, and 400 with nothing changed for bad links', async () => {
    const missing = await manager({ method: 'PUT', url: '/api/user-groups', payload: { id: 999999, name: 'x', roleId, version: 0 } });
    expect(missing.statusCode).toBe(404);
    const u = await makeUser(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId, userIds: [u.id] });
    const bad = await manager({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], [999999]) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('error.userGroup.userNotFound');
    const badRole = await manager({ method: 'PUT', url: '/api/user-groups', payload: { ...bodyOf(g, [], []), roleId: 999999 } });
    expect(badRole.json().message).toBe('error.userGroup.roleNotFound');
    expect(await membersOf(g.id)).toEqual([u.id]);
    expect((await groupsNamed(g.name))[0].version).toBe(0);
  });

  it('refuses a name another group has', async () => {
    const a = await makeUserGroup(ctx.db, { roleId });
    const b = await makeUserGroup(ctx.db, { roleId });
    const res = await manager({ method: 'PUT', url: '/api/user-groups', payload: { ...bodyOf(b, [], []), name: a.name.toUpperCase() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.userGroup.nameExists');
  });

  it('refuses to remove oneself from a group (error.user.self) but allows keeping oneself', async () => {
    const other = await makeUser(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId, userIds: [managerId, other.id] });
    const res = await manager({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], [other.id]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.user.self', params: { action: 'removeFromGroup' } });
    expect(await membersOf(g.id)).toEqual([managerId, other.id].sort((x, y) => x - y));
    const keep = await manager({ method: 'PUT', url: '/api/user-groups', payload: bodyOf(g, [], [managerId]) });
    expect(keep.statusCode).toBe(200);
    expect(await membersOf(g.id)).toEqual([managerId]);
  });

  it('of the super-admin group changes only the members', async () => {
    const sa = await superAdminGroup();
    const admin = await makeSuperAdmin(ctx.db);
    const newcomer = await makeUser(ctx.db);
    const current = (await manager({ method: 'GET', url: `/api/user-groups/${sa.id}` })).json();
    const base = {
      id: sa.id,
      name: sa.name,
      roleId: sa.roleId,
      allBusinessUnits: true,
      businessUnitIds: current.businessUnits.map((u: { id: number }) => u.id),
      userIds: current.users.map((u: { id: number }) => u.id),
      version: current.version,
    };
    const other = await makeRole(ctx.db, []);
    const unit = await makeBusinessUnit(ctx.db);
    for (const change of [
      { roleId: other.id },
      { allBusinessUnits: false },
      { businessUnitIds: [0, unit.id] },
      { businessUnitIds: [unit.id] },
      { name: 'Admins' },
    ]) {
      const res = await manager({ method: 'PUT', url: '/api/user-groups', payload: { ...base, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe('error.userGroup.superAdmin');
    }
    expect((await superAdminGroup()).version).toBe(sa.version);
    const ok = await manager({
      method: 'PUT',
      url: '/api/user-groups',
      payload: { ...base, userIds: [...base.userIds, newcomer.id].filter((id) => id !== admin.id) },
    });
    expect(ok.statusCode).toBe(200);
    const members = await membersOf(sa.id);
    expect(members).toContain(newcomer.id);
    expect(members).not.toContain(admin.id);
    expect(await superAdminGroup()).toMatchObject({ roleId: sa.roleId, allBusinessUnits: true, superAdmin: true });
    // a form that sends no business units for "all business units" keeps the stored links
    const units = await unitsOf(sa.id);
    const version = (await superAdminGroup()).version;
    const noUnits = await manager({
      method: 'PUT',
      url: '/api/user-groups',
      payload: { ...base, businessUnitIds: [], userIds: await membersOf(sa.id), version },
    });
    expect(noUnits.statusCode).toBe(200);
    expect(await unitsOf(sa.id)).toEqual(units);
    expect(units).toEqual([0]);
  });
});

describe('DELETE /api/user-groups/{id}', () => {
  it('deletes a group (204) with its links and audits it', async () => {
    const u = await makeUser(ctx.db);
    const g = await makeUserGroup(ctx.db, { roleId, businessUnitIds: [0], userIds: [u.id] });
    const res = await manager({ method: 'DELETE', url: `/api/user-groups/${g.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.userGroup.deleted');
    expect(await groupsNamed(g.name)).toHaveLength(0);
    expect(await membersOf(g.id)).toEqual([]);
    const [audit] = await auditsOf(g.id);
    expect(audit).toMatchObject({ action: 'DELETE', userId: managerId });
    expect(audit.changes).toMatchObject({ name: g.name, userIds: [u.id] });
    // the role stays
    expect(await ctx.db.select().from(role).where(eq(role.id, roleId))).toHaveLength(1);
  });

  it('answers 404 for an unknown group', async () => {
    expect((await manager({ method: 'DELETE', url: '/api/user-groups/999999' })).statusCode).toBe(404);
  });

  it('refuses to delete the super-admin group', async () => {
    const sa = await superAdminGroup();
    const res = await manager({ method: 'DELETE', url: `/api/user-groups/${sa.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.userGroup.superAdmin');
    expect(await superAdminGroup()).toBeDefined();
  });

  it('refuses to delete a group the acting user belongs to (it would remove them from it)', async () => {
    const g = await makeUserGroup(ctx.db, { roleId, userIds: [managerId] });
    const res = await manager({ method: 'DELETE', url: `/api/user-groups/${g.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.user.self');
    expect(await groupsNamed(g.name)).toHaveLength(1);
  });
});

import { PREDEFINED_ROLES } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, role } from '../../db/schema/index.js';
import { makeBusinessUnit, makeRole, makeUserGroup, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let managerId: number;
let userManager: ReturnType<typeof as>;
let unitOnly: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await makeUserWithRights(ctx.db, ['ROLE_MANAGE'], [0]);
  managerId = m.id;
  manager = as(ctx.app, await tokenFor(ctx, m.id));
  userManager = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['USER_MANAGE'], [0])).id));
  const unit = await makeBusinessUnit(ctx.db);
  unitOnly = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['ROLE_MANAGE', 'USER_MANAGE'], [unit.id])).id));
  nobody = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_MANAGE'], 'all')).id));
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const rolesNamed = (name: string) => ctx.db.select().from(role).where(eq(role.name, name));
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'role'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const predefinedRole = async () => (await ctx.db.select().from(role).where(eq(role.name, 'Viewer')))[0];

describe('access to /api/roles', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/roles'],
      ['GET', '/api/roles/1'],
      ['POST', '/api/roles'],
      ['PUT', '/api/roles'],
      ['DELETE', '/api/roles/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without the right, and when ROLE_MANAGE is held only in a business unit', async () => {
    const r = await makeRole(ctx.db, ['PRODUCT_READ']);
    for (const client of [nobody, unitOnly]) {
      expect((await client({ method: 'GET', url: '/api/roles' })).statusCode).toBe(403);
      expect((await client({ method: 'GET', url: `/api/roles/${r.id}` })).statusCode).toBe(403);
      const post = await client({ method: 'POST', url: '/api/roles', payload: { name: `R ${unique()}`, accessRights: [] } });
      expect(post.statusCode).toBe(403);
      expect(post.json().message).toBe('error.http.403');
      const put = await client({ method: 'PUT', url: '/api/roles', payload: { id: r.id, version: 0, name: 'x', accessRights: [] } });
      expect(put.statusCode).toBe(403);
      expect((await client({ method: 'DELETE', url: `/api/roles/${r.id}` })).statusCode).toBe(403);
    }
    expect(await rolesNamed(r.name)).toHaveLength(1);
  });

  it('lets a user manager read roles (for the user-group form) but not change them', async () => {
    const r = await makeRole(ctx.db, ['PRODUCT_READ']);
    expect((await userManager({ method: 'GET', url: '/api/roles' })).statusCode).toBe(200);
    expect((await userManager({ method: 'GET', url: `/api/roles/${r.id}` })).statusCode).toBe(200);
    expect(
      (await userManager({ method: 'POST', url: '/api/roles', payload: { name: `R ${unique()}`, accessRights: [] } })).statusCode,
    ).toBe(403);
    expect((await userManager({ method: 'DELETE', url: `/api/roles/${r.id}` })).statusCode).toBe(403);
  });
});

describe('GET /api/roles', () => {
  it('lists the predefined roles and the groups using each role', async () => {
    const r = await makeRole(ctx.db, ['PRODUCT_READ', 'DOCUMENT_READ'], { name: `Listed ${unique()}` });
    const g = await makeUserGroup(ctx.db, { roleId: r.id, name: `Group ${unique()}` });
    const res = await manager({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    for (const p of PREDEFINED_ROLES) expect(list.find((x: { name: string }) => x.name === p.name)).toMatchObject({ predefined: true });
    const mine = list.find((x: { id: number }) => x.id === r.id);
    expect(mine).toEqual({
      id: r.id,
      name: r.name,
      description: null,
      predefined: false,
      accessRights: ['PRODUCT_READ', 'DOCUMENT_READ'],
      userGroups: [{ id: g.id, name: g.name }],
      version: 0,
    });
    const admin = list.find((x: { name: string }) => x.name === 'Administrator');
    expect(admin.userGroups.map((x: { name: string }) => x.name)).toContain('Super administrators');
  });

  it('searches by name (partial, case-insensitive) and sorts', async () => {
    const tag = unique();
    await makeRole(ctx.db, [], { name: `zeta ${tag}` });
    await makeRole(ctx.db, [], { name: `alpha ${tag}` });
    await makeRole(ctx.db, [], { name: `mid ${tag} 100%` });
    const res = await manager({ method: 'GET', url: `/api/roles?search=${tag.toUpperCase()}&sort=name,desc` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { name: string }) => x.name)).toEqual([`zeta ${tag}`, `mid ${tag} 100%`, `alpha ${tag}`]);
    const pct = await manager({ method: 'GET', url: `/api/roles?search=${encodeURIComponent(`${tag} 100%`)}` });
    expect(pct.json().map((x: { name: string }) => x.name)).toEqual([`mid ${tag} 100%`]);
    const none = await manager({ method: 'GET', url: '/api/roles?search=%25_' });
    expect(none.json()).toEqual([]);
  });

  it('answers 400 for an unknown sort field', async () => {
    const res = await manager({ method: 'GET', url: '/api/roles?sort=rights,asc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
  });
});

describe('GET /api/roles/{id}', () => {
  it('answers the role, or 404', async () => {
    const r = await makeRole(ctx.db, ['PUBLISH'], { description: 'Publishes' });
    const res = await manager({ method: 'GET', url: `/api/roles/${r.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: r.id, name: r.name, description: 'Publishes', accessRights: ['PUBLISH'], userGroups: [] });
    const missing = await manager({ method: 'GET', url: '/api/roles/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('error.http.404');
    expect((await manager({ method: 'GET', url: '/api/roles/abc' })).statusCode).toBe(400);
  });
});

describe('POST /api/roles', () => {
  it('creates a role (201), audits it and announces it', async () => {
    const name = `Created ${unique()}`;
    const res = await manager({
      method: 'POST',
      url: '/api/roles',
      payload: { name: `  ${name} `, description: 'Does things', accessRights: ['PUBLISH', 'PRODUCT_READ', 'PUBLISH'] },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // rights are deduplicated and kept in the catalogue's order
    expect(body).toMatchObject({
      name,
      description: 'Does things',
      predefined: false,
      accessRights: ['PUBLISH', 'PRODUCT_READ'],
      version: 0,
    });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.role.created');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe(name);
    const [a] = await auditsOf(body.id);
    expect(a).toMatchObject({ action: 'CREATE', userId: managerId, businessUnitId: null });
    expect(a.changes).toMatchObject({ name, accessRights: ['PUBLISH', 'PRODUCT_READ'] });
  });

  it('answers 400 error.idexists when the body carries an id, storing nothing', async () => {
    const name = `WithId ${unique()}`;
    const res = await manager({ method: 'POST', url: '/api/roles', payload: { id: 12, name, accessRights: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.idexists');
    expect(await rolesNamed(name)).toHaveLength(0);
  });

  it('answers 400 error.validation for unknown rights, a blank or too long name, storing nothing', async () => {
    const name = `Bad ${unique()}`;
    const unknown = await manager({ method: 'POST', url: '/api/roles', payload: { name, accessRights: ['PUBLISH', 'FLY'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'error.validation' });
    expect(unknown.json().fieldErrors[0].field).toBe('accessRights.1');
    expect((await manager({ method: 'POST', url: '/api/roles', payload: { name: '   ', accessRights: [] } })).statusCode).toBe(400);
    expect((await manager({ method: 'POST', url: '/api/roles', payload: { name: 'x'.repeat(51), accessRights: [] } })).statusCode).toBe(
      400,
    );
    expect((await manager({ method: 'POST', url: '/api/roles', payload: { name } })).statusCode).toBe(400);
    expect(
      (await manager({ method: 'POST', url: '/api/roles', payload: 'not json', headers: { 'content-type': 'application/json' } }))
        .statusCode,
    ).toBe(400);
    expect(await rolesNamed(name)).toHaveLength(0);
  });

  it('refuses a name already used, ignoring case (error.role.nameExists)', async () => {
    const r = await makeRole(ctx.db, []);
    const res = await manager({ method: 'POST', url: '/api/roles', payload: { name: r.name.toUpperCase(), accessRights: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.role.nameExists');
    expect(res.headers['x-vellum-error']).toBe('error.role.nameExists');
    const predefined = await manager({ method: 'POST', url: '/api/roles', payload: { name: 'administrator', accessRights: [] } });
    expect(predefined.json().message).toBe('error.role.nameExists');
    expect(await rolesNamed(r.name.toUpperCase())).toHaveLength(0);
  });
});

describe('PUT /api/roles', () => {
  it('updates a role, increments its version and audits the difference', async () => {
    const r = await makeRole(ctx.db, ['PRODUCT_READ'], { description: 'old' });
    const name = `Renamed ${unique()}`;
    const res = await manager({
      method: 'PUT',
      url: '/api/roles',
      payload: { id: r.id, version: 0, name, description: 'old', accessRights: ['PRODUCT_READ', 'PUBLISH'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: r.id, name, accessRights: ['PUBLISH', 'PRODUCT_READ'], version: 1 });
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.role.updated');
    const [a] = await auditsOf(r.id);
    expect(a.action).toBe('UPDATE');
    expect(a.changes).toEqual({
      name: { from: r.name, to: name },
      accessRights: { from: ['PRODUCT_READ'], to: ['PUBLISH', 'PRODUCT_READ'] },
    });
  });

  it('answers 409 on a stale version, changing nothing', async () => {
    const r = await makeRole(ctx.db, ['PRODUCT_READ']);
    const ok = await manager({
      method: 'PUT',
      url: '/api/roles',
      payload: { id: r.id, version: 0, name: r.name, accessRights: ['PUBLISH'] },
    });
    expect(ok.statusCode).toBe(200);
    const stale = await manager({ method: 'PUT', url: '/api/roles', payload: { id: r.id, version: 0, name: r.name, accessRights: [] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    const [row] = await ctx.db.select().from(role).where(eq(role.id, r.id));
    expect(row).toMatchObject({ rights: ['PUBLISH'], version: 1 });
  });

  it('answers 404 for an unknown role and 400 for a bad body', async () => {
    const missing = await manager({ method: 'PUT', url: '/api/roles', payload: { id: 999999, version: 0, name: 'x', accessRights: [] } });
    expect(missing.statusCode).toBe(404);
    const r = await makeRole(ctx.db, ['PRODUCT_READ']);
    const bad = await manager({ method: 'PUT', url: '/api/roles', payload: { id: r.id, name: r.name, accessRights: ['NOPE'] } });
    expect(bad.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(role).where(eq(role.id, r.id));
    expect(row.rights).toEqual(['PRODUCT_READ']);
  });

  it('refuses to update a predefined role (error.role.predefined)', async () => {
    const v = await predefinedRole();
    const res = await manager({
      method: 'PUT',
      url: '/api/roles',
      payload: { id: v.id, version: v.version, name: v.name, accessRights: ['ROLE_MANAGE'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.role.predefined');
    expect((await predefinedRole()).rights).toEqual(v.rights);
  });

  it('refuses a name another role has, ignoring case, but accepts its own name in another case', async () => {
    const a = await makeRole(ctx.db, []);
    const b = await makeRole(ctx.db, []);
    const clash = await manager({
      method: 'PUT',
      url: '/api/roles',
      payload: { id: b.id, version: 0, name: a.name.toLowerCase(), accessRights: [] },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('error.role.nameExists');
    const own = await manager({
      method: 'PUT',
      url: '/api/roles',
      payload: { id: b.id, version: 0, name: b.name.toUpperCase(), accessRights: [] },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('DELETE /api/roles/{id}', () => {
  it('deletes an unused role (204) and audits it', async () => {
    const r = await makeRole(ctx.db, ['PUBLISH']);
    const res = await manager({ method: 'DELETE', url: `/api/roles/${r.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.role.deleted');
    expect(await rolesNamed(r.name)).toHaveLength(0);
    const [a] = await auditsOf(r.id);
    expect(a).toMatchObject({ action: 'DELETE', userId: managerId });
    expect((await manager({ method: 'GET', url: `/api/roles/${r.id}` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await manager({ method: 'DELETE', url: '/api/roles/999999' })).statusCode).toBe(404);
  });

  it('refuses to delete a predefined role', async () => {
    const v = await predefinedRole();
    const res = await manager({ method: 'DELETE', url: `/api/roles/${v.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.role.predefined');
    expect(await rolesNamed('Viewer')).toHaveLength(1);
  });

  it('refuses to delete a role a user group uses (error.role.inUse)', async () => {
    const r = await makeRole(ctx.db, []);
    const g = await makeUserGroup(ctx.db, { roleId: r.id });
    const res = await manager({ method: 'DELETE', url: `/api/roles/${r.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.role.inUse', params: { userGroups: [g.name] } });
    expect(await rolesNamed(r.name)).toHaveLength(1);
  });
});

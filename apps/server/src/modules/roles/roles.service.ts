import { ACCESS_RIGHTS, AccessErrorKeys, type Role, type roleCreateBody, type roleListQuery, type roleUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import * as repo from './roles.repo.js';

type RoleCreate = z.output<typeof roleCreateBody>;
type RoleUpdate = z.output<typeof roleUpdateBody>;
type RoleListQuery = z.output<typeof roleListQuery>;

const ENTITY = 'role';

/** Rights deduplicated, in the order of the catalogue, so that equal sets compare equal. */
const canonicalRights = (rights: readonly string[]) => ACCESS_RIGHTS.filter((r) => rights.includes(r));

const snapshot = (r: Pick<repo.RoleRow, 'name' | 'description' | 'rights'>) => ({
  name: r.name,
  description: r.description,
  accessRights: r.rights,
});

async function withGroups(deps: Pick<Deps, 'db'>, rows: repo.RoleRow[]): Promise<Role[]> {
  const groups = await repo.findGroupsOfRoles(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    predefined: r.predefined,
    accessRights: r.rights,
    userGroups: groups.filter((g) => g.roleId === r.id).map((g) => ({ id: g.id, name: g.name })),
    version: r.version,
  }));
}

export async function listRoles(deps: Pick<Deps, 'db'>, q: RoleListQuery): Promise<Role[]> {
  const { orderBy } = pageRequest({ page: 0, size: 1, sort: q.sort }, repo.roleSortColumns, repo.roleSortColumns.id);
  return withGroups(deps, await repo.listRoles(deps.db, { search: q.search || undefined, orderBy }));
}

export async function getRole(deps: Pick<Deps, 'db'>, id: number): Promise<Role> {
  const row = await repo.findRole(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return (await withGroups(deps, [row]))[0];
}

export async function createRole(deps: Pick<Deps, 'db'>, actor: Actor, body: RoleCreate): Promise<Role> {
  if (body.id !== undefined && body.id !== null) throw badRequest(AccessErrorKeys.idExists, { entity: ENTITY });
  const values = { name: body.name, description: body.description || null, rights: canonicalRights(body.accessRights) };
  const created = await deps.db.transaction(async (tx) => {
    if (await repo.roleNameTaken(tx, values.name)) throw badRequest(AccessErrorKeys.roleNameExists, { name: values.name });
    const row = await repo.insertRole(tx, values);
    await audit(tx, actor, { entityName: ENTITY, entityId: row.id, entityLabel: row.name, action: 'CREATE', changes: snapshot(row) });
    return row;
  });
  return getRole(deps, created.id);
}

export async function updateRole(deps: Pick<Deps, 'db'>, actor: Actor, body: RoleUpdate): Promise<Role> {
  const values = { name: body.name, description: body.description || null, rights: canonicalRights(body.accessRights) };
  await deps.db.transaction(async (tx) => {
    const before = await repo.findRole(tx, body.id);
    if (!before) throw notFound(ENTITY);
    if (before.predefined) throw badRequest(AccessErrorKeys.predefinedRole, { name: before.name });
    if (await repo.roleNameTaken(tx, values.name, body.id)) throw badRequest(AccessErrorKeys.roleNameExists, { name: values.name });
    const after = await repo.updateRole(tx, body.id, body.version, values);
    if (!after) throw conflict();
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: after.id,
      entityLabel: after.name,
      action: 'UPDATE',
      changes: diff(snapshot(before), snapshot(after)),
    });
  });
  return getRole(deps, body.id);
}

export async function deleteRole(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.RoleRow> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findRole(tx, id);
    if (!row) throw notFound(ENTITY);
    if (row.predefined) throw badRequest(AccessErrorKeys.predefinedRole, { name: row.name });
    const groups = await repo.findGroupsOfRoles(tx, [id]);
    if (groups.length > 0) throw badRequest(AccessErrorKeys.roleInUse, { name: row.name, userGroups: groups.map((g) => g.name) });
    await repo.deleteRole(tx, id);
    await audit(tx, actor, { entityName: ENTITY, entityId: id, entityLabel: row.name, action: 'DELETE', changes: snapshot(row) });
    return row;
  });
}

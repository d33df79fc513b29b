import {
  AccessErrorKeys,
  type UserGroup,
  type userGroupCreateBody,
  type userGroupListQuery,
  type userGroupUpdateBody,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { fullNameOf } from '../users/full-name.js';
import * as repo from './user-groups.repo.js';

type GroupCreate = z.output<typeof userGroupCreateBody>;
type GroupUpdate = z.output<typeof userGroupUpdateBody>;
type GroupListQuery = z.output<typeof userGroupListQuery>;
type GroupWithRole = Awaited<ReturnType<typeof repo.listGroups>>[number];

const ENTITY = 'user-group';
const OBJECT = 'userGroup';

const uniqueSorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What the audit log records of a group: its fields and the ids it links. */
interface GroupState {
  name: string;
  roleId: number;
  allBusinessUnits: boolean;
  businessUnitIds: number[];
  userIds: number[];
}

async function withLinks(db: DbOrTx, rows: GroupWithRole[]): Promise<UserGroup[]> {
  const ids = rows.map((g) => g.id);
  const units = await repo.findBusinessUnitsOfGroups(db, ids);
  const members = await repo.findMembersOfGroups(db, ids);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    allBusinessUnits: g.allBusinessUnits,
    superAdmin: g.superAdmin,
    role: { id: g.roleId, name: g.roleName },
    businessUnits: units.filter((u) => u.userGroupId === g.id).map((u) => ({ id: u.id, displayName: u.displayName })),
    users: members.filter((m) => m.userGroupId === g.id).map((m) => ({ id: m.id, login: m.login, fullName: fullNameOf(m) })),
    version: g.version,
  }));
}

export async function listUserGroups(deps: Pick<Deps, 'db'>, q: GroupListQuery): Promise<UserGroup[]> {
  const { orderBy } = pageRequest({ page: 0, size: 1, sort: q.sort }, repo.userGroupSortColumns, repo.userGroupSortColumns.id);
  return withLinks(deps.db, await repo.listGroups(deps.db, { search: q.search || undefined, orderBy }));
}

export async function getUserGroup(deps: Pick<Deps, 'db'>, id: number): Promise<UserGroup> {
  const row = await repo.findGroupWithRole(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return (await withLinks(deps.db, [row]))[0];
}

function stateOf(body: GroupCreate): GroupState {
  return {
    name: body.name,
    roleId: body.roleId,
    allBusinessUnits: body.allBusinessUnits,
    businessUnitIds: uniqueSorted(body.businessUnitIds),
    userIds: uniqueSorted(body.userIds),
  };
}

/** The name is free and every linked role, business unit (0 = global) and user exists. */
async function checkNameAndLinks(tx: DbOrTx, s: GroupState, exceptId?: number): Promise<void> {
  if (await repo.groupNameTaken(tx, s.name, exceptId)) throw badRequest(AccessErrorKeys.userGroupNameExists, { name: s.name });
  if (!(await repo.roleExists(tx, s.roleId)))
    throw fieldError(OBJECT, 'roleId', AccessErrorKeys.roleNotFound, { ids: [s.roleId] }, 'NotFound');
  const units = await repo.existingBusinessUnitIds(tx, s.businessUnitIds);
  const unknownUnits = s.businessUnitIds.filter((id) => !units.has(id));
  if (unknownUnits.length)
    throw fieldError(OBJECT, 'businessUnitIds', AccessErrorKeys.businessUnitNotFound, { ids: unknownUnits }, 'NotFound');
  const users = await repo.existingUserIds(tx, s.userIds);
  const unknownUsers = s.userIds.filter((id) => !users.has(id));
  if (unknownUsers.length) throw fieldError(OBJECT, 'userIds', AccessErrorKeys.userNotFound, { ids: unknownUsers }, 'NotFound');
}

async function writeLinks(tx: DbOrTx, groupId: number, s: GroupState): Promise<void> {
  await repo.replaceBusinessUnits(tx, groupId, s.businessUnitIds);
  await repo.replaceMembers(tx, groupId, s.userIds);
}

export async function createUserGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupCreate): Promise<UserGroup> {
  if (body.id !== undefined && body.id !== null) throw badRequest(AccessErrorKeys.idExists, { entity: ENTITY });
  const s = stateOf(body);
  const id = await deps.db.transaction(async (tx) => {
    await checkNameAndLinks(tx, s);
    const row = await repo.insertGroup(tx, { name: s.name, roleId: s.roleId, allBusinessUnits: s.allBusinessUnits });
    await writeLinks(tx, row.id, s);
    await audit(tx, actor, { entityName: ENTITY, entityId: row.id, entityLabel: s.name, action: 'CREATE', changes: s });
    return row.id;
  });
  return getUserGroup(deps, id);
}

/**
 * Only the members of the super-admin group may change. Its links to business units carry no
 * rights (it holds all of them), so an empty list, as a form sends for "all business units",
 * keeps the stored links; any other different list is refused.
 */
function superAdminState(name: string, before: GroupState, wanted: GroupState): GroupState {
  const s = wanted.businessUnitIds.length === 0 ? { ...wanted, businessUnitIds: before.businessUnitIds } : wanted;
  if (
    s.name !== before.name ||
    s.roleId !== before.roleId ||
    s.allBusinessUnits !== before.allBusinessUnits ||
    !sameIds(s.businessUnitIds, before.businessUnitIds)
  ) {
    throw badRequest(AccessErrorKeys.superAdminGroup, { name });
  }
  return s;
}

export async function updateUserGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupUpdate): Promise<UserGroup> {
  const wanted = stateOf(body);
  await deps.db.transaction(async (tx) => {
    const row = await repo.findGroupForUpdate(tx, body.id);
    if (!row) throw notFound(ENTITY);
    const before: GroupState = {
      name: row.name,
      roleId: row.roleId,
      allBusinessUnits: row.allBusinessUnits,
      businessUnitIds: await repo.businessUnitIdsOf(tx, row.id),
      userIds: await repo.memberIdsOf(tx, row.id),
    };
    const s = row.superAdmin ? superAdminState(row.name, before, wanted) : wanted;
    if (actor.userId !== null && before.userIds.includes(actor.userId) && !s.userIds.includes(actor.userId)) {
      throw badRequest(AccessErrorKeys.selfAction, { action: 'removeFromGroup', userGroup: row.name });
    }
    await checkNameAndLinks(tx, s, row.id);
    const updated = await repo.updateGroup(tx, row.id, body.version, {
      name: s.name,
      roleId: s.roleId,
      allBusinessUnits: s.allBusinessUnits,
    });
    if (!updated) throw conflict();
    await writeLinks(tx, row.id, s);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: s.name,
      action: 'UPDATE',
      changes: diff({ ...before }, { ...s }),
    });
  });
  return getUserGroup(deps, body.id);
}

export async function deleteUserGroup(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.UserGroupRow> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findGroupForUpdate(tx, id);
    if (!row) throw notFound(ENTITY);
    if (row.superAdmin) throw badRequest(AccessErrorKeys.superAdminGroup, { name: row.name });
    const userIds = await repo.memberIdsOf(tx, id);
    // deleting a group one belongs to would remove oneself from it
    if (actor.userId !== null && userIds.includes(actor.userId)) {
      throw badRequest(AccessErrorKeys.selfAction, { action: 'removeFromGroup', userGroup: row.name });
    }
    const state: GroupState = {
      name: row.name,
      roleId: row.roleId,
      allBusinessUnits: row.allBusinessUnits,
      businessUnitIds: await repo.businessUnitIdsOf(tx, id),
      userIds,
    };
    await repo.deleteGroup(tx, id);
    await audit(tx, actor, { entityName: ENTITY, entityId: id, entityLabel: row.name, action: 'DELETE', changes: state });
    return row;
  });
}

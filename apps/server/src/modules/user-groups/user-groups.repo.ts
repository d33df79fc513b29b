import type { USER_GROUP_SORT_FIELDS } from '@vellum/contract';
import { and, asc, type Column, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, businessUnit, role, userGroup, userGroupBusinessUnit, userGroupMember } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';

export type UserGroupRow = typeof userGroup.$inferSelect;
export type UserGroupValues = { name: string; allBusinessUnits: boolean; roleId: number };

/** The columns a user-group list may sort on (USER_GROUP_SORT_FIELDS). */
export const userGroupSortColumns = {
  id: userGroup.id,
  name: userGroup.name,
  allBusinessUnits: userGroup.allBusinessUnits,
  superAdmin: userGroup.superAdmin,
} satisfies Record<(typeof USER_GROUP_SORT_FIELDS)[number], Column>;

const groupColumns = {
  id: userGroup.id,
  name: userGroup.name,
  allBusinessUnits: userGroup.allBusinessUnits,
  superAdmin: userGroup.superAdmin,
  roleId: userGroup.roleId,
  roleName: role.name,
  version: userGroup.version,
};

export async function listGroups(db: DbOrTx, opts: { search?: string; orderBy: SQL[] }) {
  return db
    .select(groupColumns)
    .from(userGroup)
    .innerJoin(role, eq(role.id, userGroup.roleId))
    .where(opts.search ? ilike(userGroup.name, likePattern(opts.search)) : undefined)
    .orderBy(...opts.orderBy);
}

export async function findGroupWithRole(db: DbOrTx, id: number) {
  const [row] = await db.select(groupColumns).from(userGroup).innerJoin(role, eq(role.id, userGroup.roleId)).where(eq(userGroup.id, id));
  return row;
}

/** The group row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findGroupForUpdate(db: DbOrTx, id: number): Promise<UserGroupRow | undefined> {
  const [row] = await db.select().from(userGroup).where(eq(userGroup.id, id)).for('update');
  return row;
}

export async function findBusinessUnitsOfGroups(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ userGroupId: userGroupBusinessUnit.userGroupId, id: businessUnit.id, displayName: businessUnit.displayName })
    .from(userGroupBusinessUnit)
    .innerJoin(businessUnit, eq(businessUnit.id, userGroupBusinessUnit.businessUnitId))
    .where(inArray(userGroupBusinessUnit.userGroupId, groupIds))
    .orderBy(asc(businessUnit.displayName), asc(businessUnit.id));
}

export async function findMembersOfGroups(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      userGroupId: userGroupMember.userGroupId,
      id: appUser.id,
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
    })
    .from(userGroupMember)
    .innerJoin(appUser, eq(appUser.id, userGroupMember.userId))
    .where(inArray(userGroupMember.userGroupId, groupIds))
    .orderBy(asc(appUser.login));
}

export async function memberIdsOf(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db.select({ userId: userGroupMember.userId }).from(userGroupMember).where(eq(userGroupMember.userGroupId, groupId));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

export async function businessUnitIdsOf(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userGroupBusinessUnit.businessUnitId })
    .from(userGroupBusinessUnit)
    .where(eq(userGroupBusinessUnit.userGroupId, groupId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether another group already has this name, ignoring case. */
export async function groupNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroup.id })
    .from(userGroup)
    .where(and(sql`lower(${userGroup.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(userGroup.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function roleExists(db: DbOrTx, roleId: number): Promise<boolean> {
  const [row] = await db.select({ id: role.id }).from(role).where(eq(role.id, roleId));
  return row !== undefined;
}

export async function existingBusinessUnitIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: businessUnit.id }).from(businessUnit).where(inArray(businessUnit.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function existingUserIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: appUser.id }).from(appUser).where(inArray(appUser.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertGroup(db: DbOrTx, values: UserGroupValues): Promise<UserGroupRow> {
  const [row] = await db.insert(userGroup).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateGroup(db: DbOrTx, id: number, version: number, values: UserGroupValues): Promise<UserGroupRow | undefined> {
  const [row] = await db
    .update(userGroup)
    .set({ ...values, version: sql`${userGroup.version} + 1` })
    .where(and(eq(userGroup.id, id), eq(userGroup.version, version)))
    .returning();
  return row;
}

export async function replaceBusinessUnits(db: DbOrTx, groupId: number, businessUnitIds: number[]): Promise<void> {
  await db.delete(userGroupBusinessUnit).where(eq(userGroupBusinessUnit.userGroupId, groupId));
  if (businessUnitIds.length > 0) {
    await db.insert(userGroupBusinessUnit).values(businessUnitIds.map((businessUnitId) => ({ userGroupId: groupId, businessUnitId })));
  }
}

export async function replaceMembers(db: DbOrTx, groupId: number, userIds: number[]): Promise<void> {
  await db.delete(userGroupMember).where(eq(userGroupMember.userGroupId, groupId));
  if (userIds.length > 0) {
    await db.insert(userGroupMember).values(userIds.map((userId) => ({ userGroupId: groupId, userId })));
  }
}

export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(userGroup).where(eq(userGroup.id, id));
}

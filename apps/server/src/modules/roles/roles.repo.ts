import type { ROLE_SORT_FIELDS } from '@vellum/contract';
import { and, asc, type Column, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { role, userGroup } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';

export type RoleRow = typeof role.$inferSelect;

/** The columns a role list may sort on (ROLE_SORT_FIELDS). */
export const roleSortColumns = {
  id: role.id,
  name: role.name,
  description: role.description,
  predefined: role.predefined,
} satisfies Record<(typeof ROLE_SORT_FIELDS)[number], Column>;

export async function listRoles(db: DbOrTx, opts: { search?: string; orderBy: SQL[] }): Promise<RoleRow[]> {
  return db
    .select()
    .from(role)
    .where(opts.search ? ilike(role.name, likePattern(opts.search)) : undefined)
    .orderBy(...opts.orderBy);
}

export async function findRole(db: DbOrTx, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(role).where(eq(role.id, id));
  return row;
}

/** The user groups that use each of the roles. */
export async function findGroupsOfRoles(db: DbOrTx, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({ roleId: userGroup.roleId, id: userGroup.id, name: userGroup.name })
    .from(userGroup)
    .where(inArray(userGroup.roleId, roleIds))
    .orderBy(asc(userGroup.name), asc(userGroup.id));
}

/** Whether another role already has this name, ignoring case. */
export async function roleNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(sql`lower(${role.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(role.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertRole(db: DbOrTx, values: { name: string; description: string | null; rights: string[] }): Promise<RoleRow> {
  const [row] = await db.insert(role).values(values).returning();
  return row;
}

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateRole(
  db: DbOrTx,
  id: number,
  version: number,
  values: { name: string; description: string | null; rights: string[] },
): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(role)
    .set({ ...values, version: sql`${role.version} + 1` })
    .where(and(eq(role.id, id), eq(role.version, version)))
    .returning();
  return row;
}

export async function deleteRole(db: DbOrTx, id: number): Promise<void> {
  await db.delete(role).where(eq(role.id, id));
}

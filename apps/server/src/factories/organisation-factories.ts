import { randomUUID } from 'node:crypto';
import { type AccessRight, SUPER_ADMIN_GROUP_NAME } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  appUser,
  businessUnit,
  manufacturer,
  passwordHistory,
  role,
  userGroup,
  userGroupBusinessUnit,
  userGroupMember,
} from '../db/schema/index.js';
import { hashPassword } from '../platform/passwords.js';

/** Builders of consistent rows, shared by the demo seed, the API tests and the end-to-end tests. */
export const DEFAULT_PASSWORD = 'Vellum#2026';

const unique = () => randomUUID().slice(0, 8);

export async function makeBusinessUnit(db: DbOrTx, over: Partial<typeof businessUnit.$inferInsert> = {}) {
  const slug = over.slug ?? `unit-${unique()}`;
  const [row] = await db
    .insert(businessUnit)
    .values({ slug, displayName: over.displayName ?? `Unit ${slug}`, ...over })
    .returning();
  return row;
}

export async function makeRole(db: DbOrTx, rights: AccessRight[], over: Partial<typeof role.$inferInsert> = {}) {
  const [row] = await db
    .insert(role)
    .values({ name: `Role ${unique()}`, rights, ...over })
    .returning();
  return row;
}

export async function makeUserGroup(
  db: DbOrTx,
  opts: { roleId: number; businessUnitIds?: number[]; allBusinessUnits?: boolean; userIds?: number[]; name?: string },
) {
  const [group] = await db
    .insert(userGroup)
    .values({ name: opts.name ?? `Group ${unique()}`, roleId: opts.roleId, allBusinessUnits: opts.allBusinessUnits ?? false })
    .returning();
  if (opts.businessUnitIds?.length) {
    await db
      .insert(userGroupBusinessUnit)
      .values(opts.businessUnitIds.map((businessUnitId) => ({ userGroupId: group.id, businessUnitId })));
  }
  if (opts.userIds?.length) {
    await db.insert(userGroupMember).values(opts.userIds.map((userId) => ({ userGroupId: group.id, userId })));
  }
  return group;
}

export async function makeUser(db: DbOrTx, over: Partial<typeof appUser.$inferInsert> & { password?: string; passwordHash?: string } = {}) {
  const login = over.login ?? `user-${unique()}@example.com`;
  const { password, ...rest } = over;
  const passwordHash = over.passwordHash ?? (await hashPassword(password ?? DEFAULT_PASSWORD));
  const [row] = await db
    .insert(appUser)
    .values({
      login,
      email: over.email ?? login,
      firstName: 'Test',
      lastName: 'User',
      createdBy: 'system',
      lastModifiedBy: 'system',
      ...rest,
      passwordHash,
    })
    .returning();
  await db.insert(passwordHistory).values({ userId: row.id, passwordHash });
  return row;
}

/** A user holding the given rights in the given business units (0 = global) through a new role and group. */
export async function makeUserWithRights(
  db: DbOrTx,
  rights: AccessRight[],
  businessUnitIds: number[] | 'all',
  over: Parameters<typeof makeUser>[1] = {},
) {
  const user = await makeUser(db, over);
  const r = await makeRole(db, rights);
  await makeUserGroup(db, {
    roleId: r.id,
    allBusinessUnits: businessUnitIds === 'all',
    businessUnitIds: businessUnitIds === 'all' ? [] : businessUnitIds,
    userIds: [user.id],
  });
  return user;
}

/** Adds a user to the super-admin group (Administrator on all business units). */
export async function makeSuperAdmin(db: DbOrTx, over: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, over);
  const [group] = await db.select().from(userGroup).where(eq(userGroup.name, SUPER_ADMIN_GROUP_NAME));
  await db.insert(userGroupMember).values({ userGroupId: group.id, userId: user.id });
  return user;
}

export async function setManufacturer(db: DbOrTx, values: Partial<typeof manufacturer.$inferInsert>) {
  await db.update(manufacturer).set(values).where(eq(manufacturer.id, 1));
}

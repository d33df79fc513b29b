import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';
import { appUser } from './users.js';

export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description'),
    predefined: boolean('predefined').notNull().default(false),
    rights: text('rights').array().notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('role_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const userGroup = pgTable(
  'user_group',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    allBusinessUnits: boolean('all_business_units').notNull().default(false),
    superAdmin: boolean('super_admin').notNull().default(false),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('user_group_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const userGroupBusinessUnit = pgTable(
  'user_group_business_unit',
  {
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroup.id, { onDelete: 'cascade' }),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userGroupId, t.businessUnitId] }), index('ugbu_bu_idx').on(t.businessUnitId)],
);

export const userGroupMember = pgTable(
  'user_group_member',
  {
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroup.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userGroupId, t.userId] }), index('ugm_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { document } from './documents.js';
import { businessUnit } from './organisation.js';

/**
 * A restricted (public) user group of a business unit (decision 0032): the e-mail addresses that
 * may open the documents linked to it on the public site. Name unique in the unit regardless of case.
 * Configuration: it goes with its unit (decision 0021; migration 0013).
 */
export const publicUserGroup = pgTable(
  'public_user_group',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('public_user_group_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`)],
);

/** The documents restricted to a group; a link goes with its document or its group. */
export const publicUserGroupDocument = pgTable(
  'public_user_group_document',
  {
    publicUserGroupId: integer('public_user_group_id')
      .notNull()
      .references(() => publicUserGroup.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.publicUserGroupId, t.documentId] }), index('public_user_group_document_document_idx').on(t.documentId)],
);

/** Who may use a unit's restricted document search on the public site (one list per unit). */
export const documentSearchAccess = pgTable('document_search_access', {
  businessUnitId: integer('business_unit_id')
    .primaryKey()
    .references(() => businessUnit.id, { onDelete: 'cascade' }),
  emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
  version: integer('version').notNull().default(0),
});

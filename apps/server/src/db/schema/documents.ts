import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * A document type of a business unit (decision 0031). The name (regardless of case) and the sort
 * number are unique in the unit, enforced by indexes so that concurrent writes leave one winner;
 * a type shows to at least one audience.
 */
export const documentType = pgTable(
  'document_type',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    hcp: boolean('hcp').notNull().default(false),
    patient: boolean('patient').notNull().default(false),
    sortNumber: integer('sort_number').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('document_type_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`),
    uniqueIndex('document_type_unit_sort_number_uq').on(t.businessUnitId, t.sortNumber),
    check('document_type_audience_ck', sql`${t.hcp} or ${t.patient}`),
  ],
);

/**
 * The document attribute definitions of a business unit, written as one list (PUT of the whole
 * list). Name (regardless of case) and slug are unique in the unit. They go with their unit.
 */
export const documentAttributeDefinition = pgTable(
  'document_attribute_definition',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    unique: boolean('is_unique').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    searchType: text('search_type').notNull().default('NOT_VISIBLE'),
    visualizationOrder: integer('visualization_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('document_attribute_definition_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`),
    uniqueIndex('document_attribute_definition_unit_slug_uq').on(t.businessUnitId, t.slug),
  ],
);

/**
 * The version of a unit's attribute-definition list: each PUT names the version it read and bumps
 * it, so that two editors of the list cannot overwrite each other (no row: version 0).
 */
export const documentAttributeList = pgTable('document_attribute_list', {
  businessUnitId: integer('business_unit_id')
    .primaryKey()
    .references(() => businessUnit.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

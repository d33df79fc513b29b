import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { product, productGroup } from './catalogue.js';
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
    /** The GS1 Web Vocabulary link type of its documents on the site's GS1 resolver (decision 0049); the contract lists the values. */
    linkType: text('gs1_link_type').notNull().default('gs1:instructions'),
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

/**
 * A document of a business unit (decision 0032): an instruction for use or other product
 * documentation, identified by its number (unique in the unit regardless of case), with a type,
 * attribute values, the product groups and products it documents and its files. `(id,
 * business_unit_id)` is the target of the files' key, which keeps a file in its document's unit.
 */
export const document = pgTable(
  'document',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    number: text('number').notNull(),
    name: text('name').notNull(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentType.id),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
    /*
     * What the publish-state filters narrow by (decision 0060), kept by triggers on file,
     * document_product and document_product_group in the changing transaction; never written by
     * code. Dates only, never a state: the clock and the live publication are checked when read.
     * Over the files whose current version has a publish date: the earliest such date among those
     * not archived by then; the latest archive date among those, null when one is never archived;
     * and the latest moment one still waits for its date (its date, or its archive date when earlier).
     */
    publishedFrom: timestamp('published_from', { withTimezone: true }),
    publishedUntil: timestamp('published_until', { withTimezone: true }),
    scheduledUntil: timestamp('scheduled_until', { withTimezone: true }),
    /** It documents at least one product or product group (false: an orphan). */
    linked: boolean('linked').notNull().default(false),
    /*
     * The publish state as last computed (decision 0066) by the refresh job after a publish or a
     * restore and by its ten-minute sweep; the file triggers forget it (content id NULL) for the
     * documents whose files change; never written by code. It is
     * the state against the live content `live_state_content_id` (0: none) for every moment from
     * `live_state_from` (null: ever since) until before `live_state_until` (null: for ever), the
     * dates of its live files between which nothing changes. The search trusts it only while the
     * unit's live content is that one and now is inside that window; otherwise it checks the files.
     */
    liveState: text('live_state'),
    liveStateContentId: integer('live_state_content_id'),
    liveStateFrom: timestamp('live_state_from', { withTimezone: true }),
    liveStateUntil: timestamp('live_state_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('document_unit_number_uq').on(t.businessUnitId, sql`lower(${t.number})`),
    index('document_unit_scheduled_idx').on(t.businessUnitId, t.scheduledUntil).where(sql`${t.scheduledUntil} IS NOT NULL`),
    index('document_unit_orphan_idx').on(t.businessUnitId, sql`lower(${t.number})`).where(sql`NOT ${t.linked}`),
    /*
     * The publish-state filters (decision 0066, addendum): the kept states of a live content in
     * number order, with the window, so that a page and its count need no row; the states that do
     * not hold found by their content id (the same index) or by a window bound now passed.
     */
    index('document_unit_live_state_idx').on(
      t.businessUnitId,
      t.liveStateContentId,
      t.liveState,
      sql`lower(${t.number})`,
      t.id,
      t.liveStateFrom,
      t.liveStateUntil,
    ),
    // the same in the list's other index-backed orders: by name and by last change (a page read from the index, not sorted)
    index('document_unit_live_state_name_idx').on(
      t.businessUnitId,
      t.liveStateContentId,
      t.liveState,
      sql`lower(${t.name})`,
      t.id,
      t.liveStateFrom,
      t.liveStateUntil,
    ),
    index('document_unit_live_state_modified_idx').on(
      t.businessUnitId,
      t.liveStateContentId,
      t.liveState,
      t.lastModifiedDate,
      t.id,
      t.liveStateFrom,
      t.liveStateUntil,
    ),
    // the kept states of a live content counted without the number: one entry per state, deduplicated, a few pages per unit
    index('document_unit_live_count_idx').on(t.businessUnitId, t.liveStateContentId, t.liveState),
    index('document_unit_live_from_idx').on(t.businessUnitId, t.liveStateFrom).where(sql`${t.liveStateFrom} IS NOT NULL`),
    index('document_unit_live_until_idx').on(t.businessUnitId, t.liveStateUntil).where(sql`${t.liveStateUntil} IS NOT NULL`),
    unique('document_id_unit_uq').on(t.id, t.businessUnitId),
    index('document_type_idx').on(t.documentTypeId),
    index('document_number_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
    index('document_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * Every business unit's exact number of documents, kept by statement triggers on document in the
 * changing transaction (migration 0029): the unfiltered documents list reads its total instead of
 * counting (decision 0060, as the products' count per type: decision 0016).
 */
export const documentCount = pgTable('document_count', {
  businessUnitId: integer('business_unit_id')
    .primaryKey()
    .references(() => businessUnit.id, { onDelete: 'cascade' }),
  documents: integer('documents').notNull().default(0),
});

/**
 * The value of a document attribute definition on a document. `is_unique` mirrors the
 * definition's `unique` switch (kept by the attribute-definition save), so that a partial unique
 * index decides races between two documents taking the same value.
 */
export const documentAttributeValue = pgTable(
  'document_attribute_value',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    attributeDefinitionId: integer('attribute_definition_id')
      .notNull()
      .references(() => documentAttributeDefinition.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    isUnique: boolean('is_unique').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.attributeDefinitionId] }),
    uniqueIndex('document_attribute_value_unique_uq').on(t.attributeDefinitionId, sql`lower(${t.value})`).where(sql`${t.isUnique}`),
    // exact and partial searches by value (decision 0036)
    index('document_attribute_value_value_idx').on(t.attributeDefinitionId, sql`lower(${t.value})`),
    index('document_attribute_value_trgm_idx').using('gin', sql`lower(${t.value}) gin_trgm_ops`),
  ],
);

/** The product groups a document documents (same unit, checked by the service). */
export const documentProductGroup = pgTable(
  'document_product_group',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    productGroupId: integer('product_group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.productGroupId] }), index('document_product_group_group_idx').on(t.productGroupId)],
);

/** The products a document documents directly (same unit, checked by the service). */
export const documentProduct = pgTable(
  'document_product',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.productId] }), index('document_product_product_idx').on(t.productId)],
);

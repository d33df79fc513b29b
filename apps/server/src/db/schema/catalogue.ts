import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * A product type of a business unit (business unit 0 holds the global ones, copied into units).
 * Name and slug are unique within the business unit, the name regardless of case.
 */
export const productType = pgTable(
  'product_type',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** ENABLED, DISABLED or WAITING. */
    status: text('status').notNull().default('ENABLED'),
    keyCodeSearchTypeHcp: text('key_code_search_type_hcp').notNull().default('SEARCHABLE_EXACT'),
    keyCodeSearchTypePatient: text('key_code_search_type_patient').notNull().default('NOT_VISIBLE'),
    keyCodeLabelHcp: text('key_code_label_hcp'),
    keyCodeLabelPatient: text('key_code_label_patient'),
    imageKey: text('image_key'),
    heroImageHcpKey: text('hero_image_hcp_key'),
    heroImagePatientKey: text('hero_image_patient_key'),
    /** ADVANCED, CROSS_FIELD or ADVANCED_AND_CROSS_FIELD, per audience. */
    searchVisualisationHcp: text('search_visualisation_hcp').notNull().default('ADVANCED'),
    searchVisualisationPatient: text('search_visualisation_patient').notNull().default('ADVANCED'),
    crossFieldByAttributeSetting: boolean('cross_field_by_attribute_setting').notNull().default(false),
    lotNumbers: boolean('lot_numbers').notNull().default(false),
    /**
     * Retention of what was public (EU 2021/2226 art. 7, decision 0070): file versions that were public
     * for its products are kept this many years after their last end-of-life date; at least 2, at
     * least 15 when implantable.
     */
    retentionYears: integer('retention_years').notNull().default(2),
    implantable: boolean('implantable').notNull().default(false),
    /** The global product type this one was copied from, if any. */
    copiedFromId: integer('copied_from_id'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_type_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`),
    uniqueIndex('product_type_unit_slug_uq').on(t.businessUnitId, t.slug),
    check('product_type_retention_minimum', sql`${t.retentionYears} >= 2 AND (NOT ${t.implantable} OR ${t.retentionYears} >= 15)`),
  ],
);

/** A searchable attribute of a product type: STRING (custom, at most 6) or MULTI_ARRAY (the lot numbers, at most 1). */
export const attributeDefinition = pgTable(
  'product_type_attribute_definition',
  {
    id: serial('id').primaryKey(),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productType.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    type: text('type').notNull(),
    isUnique: boolean('is_unique').notNull().default(false),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    isMandatoryHcpSearch: boolean('is_mandatory_hcp_search').notNull().default(false),
    isMandatoryPatientSearch: boolean('is_mandatory_patient_search').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    searchTypeHcp: text('search_type_hcp').notNull().default('NOT_VISIBLE'),
    searchTypePatient: text('search_type_patient').notNull().default('NOT_VISIBLE'),
    meta: text('meta'),
    visualizationOrder: integer('visualization_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('attribute_definition_type_name_uq').on(t.productTypeId, sql`lower(${t.name})`),
    uniqueIndex('attribute_definition_type_slug_uq').on(t.productTypeId, t.slug),
  ],
);

/** A product: a key code unique within its business unit, of one product type that never changes. */
export const product = pgTable(
  'product',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productType.id),
    keyCode: text('key_code').notNull(),
    /** No date: unpublished; a future date: scheduled; otherwise published. */
    publishDate: timestamp('publish_date', { withTimezone: true }),
    /**
     * The last expiry or end date of the device (the last unit sold expires then); retention of its
     * public documents counts from it. None: retention not started, kept indefinitely (decision 0070).
     */
    endOfLifeDate: date('end_of_life_date', { mode: 'string' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
    /** It is in at least one product group (false: an orphan); kept by triggers on product_group_product, never written by code (decision 0060). */
    grouped: boolean('grouped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('product_unit_key_code_uq').on(t.businessUnitId, sql`lower(${t.keyCode})`),
    index('product_type_orphan_idx').on(t.productTypeId, sql`lower(${t.keyCode})`).where(sql`NOT ${t.grouped}`),
    index('product_type_key_code_idx').on(t.productTypeId, sql`lower(${t.keyCode})`),
    index('product_key_code_trgm_idx').using('gin', sql`lower(${t.keyCode}) gin_trgm_ops`),
    // a product type's list sorted by a date reads its first page from an index (decision 0060)
    index('product_type_last_modified_idx').on(t.productTypeId, t.lastModifiedDate),
    index('product_type_created_idx').on(t.productTypeId, t.createdDate),
    index('product_type_publish_date_idx').on(t.productTypeId, t.publishDate),
  ],
);

/**
 * How many products each product type has, kept exact by statement triggers on product in the
 * transaction of every insert, delete or move (migration 0004), so that an unfiltered list answers
 * its total without counting. No row: no product yet.
 */
export const productTypeProductCount = pgTable('product_type_product_count', {
  productTypeId: integer('product_type_id')
    .primaryKey()
    .references(() => productType.id, { onDelete: 'cascade' }),
  products: integer('products').notNull().default(0),
});

/** The value of one STRING attribute for one product. */
export const attributeValue = pgTable(
  'product_type_attribute_value',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    attributeDefinitionId: integer('attribute_definition_id')
      .notNull()
      .references(() => attributeDefinition.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('attribute_value_product_definition_uq').on(t.productId, t.attributeDefinitionId),
    index('attribute_value_definition_value_idx').on(t.attributeDefinitionId, sql`lower(${t.value})`),
    index('attribute_value_value_trgm_idx').using('gin', sql`lower(${t.value}) gin_trgm_ops`),
  ],
);

/** A named group of products of one product type, with remarks (and, later, documents). */
export const productGroup = pgTable(
  'product_group',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productType.id),
    name: text('name').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('product_group_type_name_uq').on(t.productTypeId, sql`lower(${t.name})`)],
);

export const productGroupProduct = pgTable(
  'product_group_product',
  {
    productGroupId: integer('product_group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productGroupId, t.productId] }), index('product_group_product_product_idx').on(t.productId)],
);

/** A remark shown with product groups on the public site; content is sanitised rich text (HTML). */
export const productRemark = pgTable(
  'product_remark',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    name: text('name').notNull(),
    visualizationOrder: integer('visualization_order').notNull().default(0),
    hcp: boolean('hcp').notNull().default(true),
    patient: boolean('patient').notNull().default(false),
    content: text('content').notNull().default(''),
    /** Where an uploaded rich-text document is kept in the file store. */
    cloudStorageObjectKey: text('cloud_storage_object_key'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('product_remark_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`)],
);

export const productGroupRemark = pgTable(
  'product_group_remark',
  {
    productGroupId: integer('product_group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    productRemarkId: integer('product_remark_id')
      .notNull()
      .references(() => productRemark.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productGroupId, t.productRemarkId] }), index('product_group_remark_remark_idx').on(t.productRemarkId)],
);

/**
 * A lot range: named lot numbers of one product type (the values of its lot-number attribute),
 * linked to products, or to every product of the type when appliesToAll is set. An archive date
 * retracts it from the public site; it stays here.
 */
export const lotRange = pgTable(
  'lot_range',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productType.id),
    name: text('name').notNull(),
    numbers: text('numbers').array().notNull(),
    archiveDate: timestamp('archive_date', { withTimezone: true }),
    appliesToAll: boolean('applies_to_all').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lot_range_unit_name_uq').on(t.businessUnitId, sql`lower(${t.name})`),
    index('lot_range_type_idx').on(t.productTypeId),
  ],
);

export const productLotRange = pgTable(
  'product_lot_range',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    lotRangeId: integer('lot_range_id')
      .notNull()
      .references(() => lotRange.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lotRangeId] }), index('product_lot_range_range_idx').on(t.lotRangeId)],
);

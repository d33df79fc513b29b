import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * Publishing (decision 0037). The admin tables are the draft; a publish compiles one unit's public
 * content into an immutable, numbered publication that the public website reads. History is never
 * rewritten: a restore is a new publication whose content is an earlier publication's content.
 * The live publication of a unit is its highest-numbered one; the one live at a past moment is the
 * highest-numbered one created at or before it.
 */
export const publication = pgTable(
  'publication',
  {
    id: serial('id').primaryKey(),
    /** No cascade: a unit with publications is not deleted (EU 2021/2226 retention). */
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    /**
     * 1, 2, 3… per unit, in the order they went live; null for a PREVIEW, which never goes live
     * (every query of live or listed publications asks for a number; decision 0042).
     */
    number: integer('number'),
    /**
     * PUBLISH (compiled from the draft), RESTORE (an earlier publication's content again) or
     * PREVIEW (the draft compiled for a signed-in user's preview, deleted after expires_at).
     */
    kind: text('kind').notNull(),
    /**
     * The publication whose pub_* rows hold this one's content: itself for a PUBLISH, the restored
     * publication's content for a RESTORE (rows are shared, never copied).
     */
    contentId: integer('content_id').notNull(),
    restoredFromId: integer('restored_from_id'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id'),
    createdBy: text('created_by'),
    includeFuture: boolean('include_future').notNull().default(false),
    customDate: timestamp('custom_date', { withTimezone: true }),
    /** What it holds and what the publish stamped: see PublicationCounts in the contract. */
    counts: jsonb('counts').notNull(),
    /** Everything the site needs that is small and per unit: see PublishedSite (modules/publishing/published-site.ts). */
    site: jsonb('site').notNull(),
    /** A PREVIEW's end: later previews of the unit delete it. Null for the others. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('publication_unit_number_uq').on(t.businessUnitId, t.number),
    index('publication_unit_created_idx').on(t.businessUnitId, t.createdDate),
    check('publication_preview_unnumbered', sql`(${t.kind} = 'PREVIEW') = (${t.number} IS NULL)`),
  ],
);

/**
 * The one publish running in a unit (spec 001 §3: uuid, startDateEpoch, user), taken in the
 * database so that server processes exclude each other; a lease: a publish that died leaves a row
 * that the next publish takes over once expires_at has passed.
 */
export const publishState = pgTable('publish_state', {
  businessUnitId: integer('business_unit_id')
    .primaryKey()
    .references(() => businessUnit.id, { onDelete: 'cascade' }),
  uuid: uuid('uuid').notNull(),
  startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
  userId: integer('user_id'),
  userLogin: text('user_login'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The preview grants that have been used (decision 0050): the one-time address of a preview
 * (its token's id) opens it once, in whichever server process; a second use is refused. A row is
 * needed only while its grant could still verify, so rows whose grant expired are deleted at the
 * next use.
 */
export const previewGrantUse = pgTable('preview_grant_use', {
  grantId: text('grant_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stored objects a publication's site names (logo, product type images, public resources, remark
 * files): kept in storage for good, since what was public must stay answerable (EU 2021/2226).
 * The file store refuses to delete them (platform/storage-retention.ts); file versions' binaries
 * are kept by their own rule (decision 0032).
 */
export const publishedObject = pgTable('published_object', {
  storageKey: text('storage_key').primaryKey(),
  /** The first publication that named it. */
  publicationId: integer('publication_id').notNull(),
});

// ---------------------------------------------------------------------------------------------
// the content of a publication (rows keyed by the content publication's id; immutable once written)

const publicationId = () =>
  integer('publication_id')
    .notNull()
    .references(() => publication.id, { onDelete: 'cascade' });

/**
 * A public product: of an ENABLED product type, with a publish date (scheduled ones too: the read
 * model compares the date with its clock). Attribute values are in pub_attribute_value.
 */
/**
 * A key code of 8, 12, 13 or 14 digits as GTIN-14 (left-padded with zeros). Its check digit is not
 * checked here: a look-up only ever asks for a GTIN-14 whose check digit the site has checked, and
 * zeros on the left do not change a GS1 check digit. The read model repeats these exact texts so
 * that the planner uses pub_product_gtin14_idx.
 */
export const PUB_PRODUCT_IS_GTIN = `key_code ~ '^([0-9]{8}|[0-9]{12,14})$'`;
export const PUB_PRODUCT_GTIN14 = `lpad(key_code, 14, '0')`;

export const pubProduct = pgTable(
  'pub_product',
  {
    publicationId: publicationId(),
    productId: integer('product_id').notNull(),
    productTypeId: integer('product_type_id').notNull(),
    keyCode: text('key_code').notNull(),
    publishDate: timestamp('publish_date', { withTimezone: true }).notNull(),
    /** The lot ranges linked to the product (ranges applying to all products of the type are not repeated). */
    lotRangeIds: integer('lot_range_ids').array().notNull().default(sql`'{}'::int[]`),
    productGroupIds: integer('product_group_ids').array().notNull().default(sql`'{}'::int[]`),
    /** md5 of what the public sees of it (the publications' diff compares it). */
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.productId] }),
    index('pub_product_type_key_code_idx').on(t.publicationId, t.productTypeId, sql`lower(${t.keyCode}) text_pattern_ops`),
    index('pub_product_key_code_trgm_idx').using('gin', sql`lower(${t.keyCode}) gin_trgm_ops`),
    // the lot search: the products linked to the ranges that hold a lot (migration 0016)
    index('pub_product_lot_range_ids_idx').using('gin', t.lotRangeIds),
    // GS1 Digital Link: a key code written as a GTIN, as GTIN-14 (decision 0043); by GTIN first,
    // so that one probe answers the live publication and every earlier one of a unit
    index('pub_product_gtin14_idx').on(sql.raw(PUB_PRODUCT_GTIN14), t.publicationId).where(sql.raw(PUB_PRODUCT_IS_GTIN)),
  ],
);

/** The value of one STRING attribute of a public product (active definitions only). */
export const pubAttributeValue = pgTable(
  'pub_attribute_value',
  {
    publicationId: publicationId(),
    productId: integer('product_id').notNull(),
    attributeDefinitionId: integer('attribute_definition_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.productId, t.attributeDefinitionId] }),
    index('pub_attribute_value_value_idx').on(t.publicationId, t.attributeDefinitionId, sql`lower(${t.value}) text_pattern_ops`),
    index('pub_attribute_value_trgm_idx').using('gin', sql`lower(${t.value}) gin_trgm_ops`),
  ],
);

/** A lot range of a published product type; archive_date is compared at read time. */
export const pubLotRange = pgTable(
  'pub_lot_range',
  {
    publicationId: publicationId(),
    lotRangeId: integer('lot_range_id').notNull(),
    productTypeId: integer('product_type_id').notNull(),
    name: text('name').notNull(),
    numbers: text('numbers').array().notNull(),
    /** The numbers lower-cased, for the lot search (GIN). */
    lotKeys: text('lot_keys').array().notNull(),
    appliesToAll: boolean('applies_to_all').notNull(),
    archiveDate: timestamp('archive_date', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.lotRangeId] }), index('pub_lot_range_lot_keys_idx').using('gin', t.lotKeys)],
);

/** A product group of a published product type, with its remarks. */
export const pubProductGroup = pgTable(
  'pub_product_group',
  {
    publicationId: publicationId(),
    productGroupId: integer('product_group_id').notNull(),
    productTypeId: integer('product_type_id').notNull(),
    name: text('name').notNull(),
    remarkIds: integer('remark_ids').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.productGroupId] })],
);

/** A product remark linked to a published group (content: sanitised HTML as stored). */
export const pubRemark = pgTable(
  'pub_remark',
  {
    publicationId: publicationId(),
    remarkId: integer('remark_id').notNull(),
    name: text('name').notNull(),
    hcp: boolean('hcp').notNull(),
    patient: boolean('patient').notNull(),
    content: text('content').notNull(),
    storageKey: text('storage_key'),
    visualizationOrder: integer('visualization_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.remarkId] })],
);

/** A public document: of an active type, with at least one published or scheduled file version. */
export const pubDocument = pgTable(
  'pub_document',
  {
    publicationId: publicationId(),
    documentId: integer('document_id').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    documentTypeId: integer('document_type_id').notNull(),
    /** [{attributeDefinitionId, value}] of active definitions. */
    attributes: jsonb('attributes').notNull().default(sql`'[]'::jsonb`),
    /** Restricted to these public user groups (empty: open to everyone). */
    restrictedGroupIds: integer('restricted_group_ids').array().notNull().default(sql`'{}'::int[]`),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.documentId] }),
    index('pub_document_number_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
    // the document search by name (decision 0045)
    index('pub_document_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Which public document documents which public product: direct links and links through groups, resolved. */
export const pubDocumentProduct = pgTable(
  'pub_document_product',
  {
    publicationId: publicationId(),
    productId: integer('product_id').notNull(),
    documentId: integer('document_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.productId, t.documentId] }),
    index('pub_document_product_document_idx').on(t.publicationId, t.documentId),
  ],
);

/**
 * A published or scheduled version of a file of a public document, with what its file says at
 * compile time (countries, languages, lots, archive date). The binary is the version's stored
 * object, shared with the admin (never copied, never deleted while published: decision 0032).
 */
export const pubFileVersion = pgTable(
  'pub_file_version',
  {
    publicationId: publicationId(),
    fileVersionId: integer('file_version_id').notNull(),
    fileId: integer('file_id').notNull(),
    documentId: integer('document_id').notNull(),
    fileName: text('file_name').notNull(),
    label: text('label').notNull(),
    versionDate: date('version_date', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    publishDate: timestamp('publish_date', { withTimezone: true }).notNull(),
    /** The file's archive date: from then on none of its versions is public. */
    archiveDate: timestamp('archive_date', { withTimezone: true }),
    restOfTheWorld: boolean('rest_of_the_world').notNull(),
    allLotNumbers: boolean('all_lot_numbers').notNull(),
    historical: boolean('historical').notNull(),
    /** The file's remarks when remarksActive, else null. */
    remarks: text('remarks'),
    countries: text('countries').array().notNull(),
    languages: text('languages').array().notNull(),
    lotRangeIds: integer('lot_range_ids').array().notNull().default(sql`'{}'::int[]`),
    binaryKey: text('binary_key').notNull(),
    binaryName: text('binary_name'),
    binarySize: bigint('binary_size', { mode: 'number' }),
    mediaType: text('media_type'),
    sha256: text('sha256'),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.fileVersionId] }),
    index('pub_file_version_document_idx').on(t.publicationId, t.documentId),
    index('pub_file_version_file_idx').on(t.publicationId, t.fileId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lotRange } from './catalogue.js';
import { document } from './documents.js';
import { country, language } from './regions-languages.js';

/**
 * A file of a document (decision 0032): one binary per set of countries and document languages
 * (or the rest of the world), valid for all lots or for some lot ranges. Its content lives in its
 * versions; the file holds what all versions share. It stays in its document's unit (composite
 * key) and goes with its document.
 */
export const file = pgTable(
  'file',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id').notNull(),
    documentId: integer('document_id').notNull(),
    name: text('name').notNull(),
    remarks: text('remarks'),
    remarksActive: boolean('remarks_active').notNull().default(false),
    restOfTheWorld: boolean('rest_of_the_world').notNull().default(false),
    allLotNumbers: boolean('all_lot_numbers').notNull().default(true),
    historical: boolean('historical').notNull().default(false),
    /** Set: retracted from the public site from this moment on (archived), still in the admin. */
    archiveDate: timestamp('archive_date', { withTimezone: true }),
    /**
     * The current version (the last by date, then by id) and its publish date, kept by a trigger on
     * file_version (migration 0014, decision 0036) so that a document's publish state is read from
     * its files alone.
     */
    currentVersionId: integer('current_version_id'),
    currentPublishDate: timestamp('current_publish_date', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'file_document_fk',
      columns: [t.documentId, t.businessUnitId],
      foreignColumns: [document.id, document.businessUnitId],
    }).onDelete('cascade'),
    index('file_document_idx').on(t.documentId),
    index('file_unit_archived_idx').on(t.businessUnitId, t.archiveDate).where(sql`${t.archiveDate} is not null`),
  ],
);

/**
 * A version of a file: its label (the spec's "version", e.g. "2.1"), its date, until when it is
 * valid, when it is (or will be) published, and its binary. Versions are never overwritten: a new
 * version is a new row, the current one is the latest by date (then by id). The binary key is the
 * store's, unique: a stored object belongs to one version.
 */
export const fileVersion = pgTable(
  'file_version',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    businessUnitId: integer('business_unit_id').notNull(),
    label: text('label').notNull(),
    versionDate: date('version_date', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    publishDate: timestamp('publish_date', { withTimezone: true }),
    binaryKey: text('binary_key'),
    binaryName: text('binary_name'),
    binarySize: bigint('binary_size', { mode: 'number' }),
    mediaType: text('media_type'),
    sha256: text('sha256'),
    binaryUploadedDate: timestamp('binary_uploaded_date', { withTimezone: true }),
    createdBy: text('created_by'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('file_version_file_label_uq').on(t.fileId, sql`lower(${t.label})`),
    uniqueIndex('file_version_binary_key_uq').on(t.binaryKey),
    index('file_version_file_date_idx').on(t.fileId, t.versionDate, t.id),
  ],
);

/** The countries a file is for (none when it is for the rest of the world). */
export const fileCountry = pgTable(
  'file_country',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    countryIsoCode: text('country_iso_code')
      .notNull()
      .references(() => country.isoCode),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.countryIsoCode] })],
);

/** The document languages of a file (at least one). */
export const fileLanguage = pgTable(
  'file_language',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    languageIsoCode: text('language_iso_code')
      .notNull()
      .references(() => language.isoCode),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.languageIsoCode] })],
);

/** The lot ranges a file applies to when it is not for all lot numbers. */
export const fileLotRange = pgTable(
  'file_lot_range',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    lotRangeId: integer('lot_range_id')
      .notNull()
      .references(() => lotRange.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.lotRangeId] }), index('file_lot_range_range_idx').on(t.lotRangeId)],
);

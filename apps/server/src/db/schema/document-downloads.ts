import { bigserial, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * One row per confirmed download on the public website (spec 001 §3, decision 0040): what was
 * downloaded, as the visitor saw it, with the choices that selected it (country, language,
 * audience). Nothing about the visitor (no address, no cookie, no e-mail). Names are copied as
 * they were, like the audit log's labels: the admin rows they came from may be renamed or deleted
 * later, so the ids carry no foreign keys except the unit's. The unit's key has no cascade: a unit
 * whose site was downloaded from has publications and is not deleted (decision 0037), and the
 * statistics belong to the manufacturer for as long as the unit exists.
 */
export const documentDownload = pgTable(
  'document_download',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the download was confirmed (the server's clock at the request, not at the insert). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id),
    /** The number of the live publication the file was served from. */
    publicationNumber: integer('publication_number').notNull(),
    productTypeId: integer('product_type_id').notNull(),
    productTypeName: text('product_type_name').notNull(),
    /** Null when the type does not show key codes to the audience. */
    keyCode: text('key_code'),
    /** HCP or PATIENT. */
    audience: text('audience').notNull(),
    documentId: integer('document_id').notNull(),
    /** Null when the unit hides document numbers on the site. */
    documentNumber: text('document_number'),
    documentName: text('document_name').notNull(),
    /** A file has no number of its own: its id is the "file number" of the record. */
    fileId: integer('file_id').notNull(),
    fileName: text('file_name').notNull(),
    fileVersionId: integer('file_version_id').notNull(),
    /** The version's label ("2.1"). */
    version: text('version').notNull(),
    /** The version's date; null when the unit hides version dates. */
    versionDate: date('version_date', { mode: 'string' }),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country').notNull(),
    /** ISO 639-1, lower case. */
    language: text('language').notNull(),
  },
  (t) => [
    // the list (newest first) and every statistic read one unit's rows in a date range
    index('document_download_unit_at_idx').on(t.businessUnitId, t.at, t.id),
    // a document's downloads (joins from the document area)
    index('document_download_unit_document_idx').on(t.businessUnitId, t.documentId),
  ],
);

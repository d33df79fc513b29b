import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { manufacturer } from './organisation.js';
import { appUser } from './users.js';

/**
 * The one-time address of the validation records page (`GET api/account/validation-records`,
 * decision 0077): only the SHA-256 of the random token is kept, bound to the manufacturer and the
 * user who asked, valid for a few minutes and taken once (`used_at`).
 */
export const validationRecordsToken = pgTable(
  'validation_records_token',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturer.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('validation_records_token_expires_idx').on(t.expiresAt)],
);

/**
 * The customer's own qualification documents (IQ, OQ, PQ), manufacturer-wide, listed on the
 * validation records page beside the generated records (decision 0077). The PDF is in the file
 * store under `qualification-documents/`; its SHA-256 is computed while it is stored. A delete
 * removes the row and the object; the audit row keeps what the document was. The uploader's login
 * is copied so that the list still says who uploaded after the user is gone.
 */
export const qualificationDocument = pgTable(
  'qualification_document',
  {
    id: serial('id').primaryKey(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturer.id, { onDelete: 'cascade' }),
    /** IQ, OQ or PQ. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    version: text('version').notNull(),
    approvalDate: date('approval_date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedDate: timestamp('uploaded_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qualification_document_manufacturer_kind_idx').on(t.manufacturerId, t.kind, t.approvalDate),
    check('qualification_document_kind_ck', sql`${t.kind} in ('IQ', 'OQ', 'PQ')`),
  ],
);

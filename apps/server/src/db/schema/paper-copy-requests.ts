import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * A visitor's request for a free paper copy of instructions for use (EU 2021/2226 art. 7: sent
 * free of charge within 7 calendar days; decision 0041). What was asked for is copied from the
 * live publication at the time of the request (document, file and version as the visitor saw
 * them), so the request still says what to send after the document changes or goes. It goes with
 * its unit, which cannot be deleted while it has publications anyway.
 */
export const paperCopyRequest = pgTable(
  'paper_copy_request',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    /** The publication the visitor was reading. */
    publicationNumber: integer('publication_number').notNull(),
    productTypeId: integer('product_type_id'),
    productTypeName: text('product_type_name'),
    keyCode: text('key_code'),
    documentId: integer('document_id').notNull(),
    documentNumber: text('document_number').notNull(),
    documentName: text('document_name').notNull(),
    fileId: integer('file_id'),
    fileName: text('file_name'),
    versionLabel: text('version_label'),
    requesterName: text('requester_name').notNull(),
    /** Several lines, as the visitor wrote them. */
    postalAddress: text('postal_address').notNull(),
    email: text('email').notNull(),
    /** The language the copy is wanted in (ISO 639-1, maybe with a region). */
    language: text('language').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    /** created + 7 days, fixed at the request: the regulation's deadline. */
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    sentDate: timestamp('sent_date', { withTimezone: true }),
    sentByUserId: integer('sent_by_user_id'),
    /** The login of who marked it sent, kept as text so it stays after the user is deleted. */
    sentBy: text('sent_by'),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('paper_copy_request_unit_due_idx').on(t.businessUnitId, t.dueDate),
    index('paper_copy_request_unit_created_idx').on(t.businessUnitId, t.createdDate),
  ],
);

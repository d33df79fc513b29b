import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productType } from './catalogue.js';
import { businessUnit } from './organisation.js';
import { appUser } from './users.js';

/**
 * A bulk import or export of a business unit (spec 001 §3 "bulk upload row", decision 0056): what
 * was asked, by whom, its state and counts, its log, and the stored zip. The job itself runs on
 * the job queue; this row is what the user sees of it. It goes with its unit by cascade.
 */
export const bulkJob = pgTable(
  'bulk_job',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    /** PRODUCT or DOCUMENT. */
    entity: text('entity').notNull(),
    productTypeId: integer('product_type_id').references(() => productType.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** The login of who asked, kept after the user is deleted. */
    userLogin: text('user_login').notNull(),
    /** EXPORT or IMPORT. */
    kind: text('kind').notNull(),
    /** UPLOADING, UPLOADED, PROCESSING, SUCCESS, FAILED or WARNING. */
    status: text('status').notNull(),
    /** TXT, XLS or ODS; an import's once its sheet is read (null before). */
    fileFormat: text('file_format'),
    /** An import's zip as the user named it, and its size in bytes as announced (the upload must match it). */
    fileName: text('file_name').notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** IMPORT, or CHECK (check only: the same validation, nothing written). */
    mode: text('mode').notNull().default('IMPORT'),
    /** ALL_OR_NOTHING, or VALID_ROWS (the valid rows applied: WARNING). */
    onError: text('on_error').notNull().default('ALL_OR_NOTHING'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    /** Removed by a REPLACE import: what the sheet left out. */
    rowsRemoved: integer('rows_removed').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    /** A cancel was asked; a running import sees it between batches and rolls back. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The upload URL's token is being or has been used (it works once). */
    uploadTokenUsed: boolean('upload_token_used').notNull().default(false),
    /** The rejected rows' sheet in the file store. */
    rejectedRowsKey: text('rejected_rows_key'),
    log: text('log').notNull().default(''),
    /** The zip in the file store (an export's result, an import's upload). */
    storageKey: text('storage_key'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    processedDate: timestamp('processed_date', { withTimezone: true }),
  },
  (t) => [
    index('bulk_job_unit_idx').on(t.businessUnitId, t.entity, t.createdDate),
    // one export per user and entity at a time (spec 001 §8 "export already in progress"), decided by the database
    uniqueIndex('bulk_job_one_export_uq').on(t.userId, t.entity).where(sql`kind = 'EXPORT' AND status = 'PROCESSING'`),
  ],
);

/**
 * The errors of a checked import by row and column (spec 001 §8 messages): what the status table's
 * error list pages through. They go with their job (and so with its unit).
 */
export const bulkJobError = pgTable(
  'bulk_job_error',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJob.id, { onDelete: 'cascade' }),
    /** The sheet's row (1 is the header). */
    row: integer('row').notNull(),
    /** The column's header; null for an error of the whole row or file. */
    column: text('column'),
    message: text('message').notNull(),
    params: jsonb('params'),
    /** The cell's value as read, cut to 200 characters. */
    value: text('value'),
  },
  (t) => [index('bulk_job_error_job_idx').on(t.jobId, t.row, t.id)],
);

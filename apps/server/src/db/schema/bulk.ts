import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** TXT, XLS or ODS. */
    fileFormat: text('file_format').notNull(),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
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

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bulkJob } from './bulk.js';
import { productType } from './catalogue.js';
import { businessUnit } from './organisation.js';
import { appUser } from './users.js';

/**
 * A business unit's export made on a schedule (issue 21, decision 0059): the products of one
 * product type, daily, weekly or monthly at an hour (UTC), mailed to 1 to 20 addresses. The tick
 * of the job queue takes the rows whose `next_run_at` has come (FOR UPDATE SKIP LOCKED), advances
 * it and queues the export. Goes with its unit and with its product type.
 */
export const scheduledExport = pgTable(
  'scheduled_export',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    /** PRODUCT (a product type's products) or DOCUMENT (the unit's documents). */
    entity: text('entity').notNull(),
    /** PRODUCT only. */
    productTypeId: integer('product_type_id').references(() => productType.id, { onDelete: 'cascade' }),
    /** TXT, XLS or ODS. */
    fileFormat: text('file_format').notNull(),
    /** DAILY, WEEKLY or MONTHLY. */
    frequency: text('frequency').notNull(),
    /** ISO day of the week (1 Monday … 7 Sunday), WEEKLY only. */
    dayOfWeek: integer('day_of_week'),
    /** 1 to 28, MONTHLY only. */
    dayOfMonth: integer('day_of_month'),
    /** The hour of the day in `time_zone`. */
    hour: integer('hour').notNull(),
    /** The IANA time zone of the hour (the schedules made before it: UTC). */
    timeZone: text('time_zone').notNull().default('UTC'),
    recipients: text('recipients').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** The login of who created it, kept after the user is deleted. */
    createdByLogin: text('created_by_login').notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** When the tick makes the next export; null while paused. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** The export the last run queued. */
    lastJobId: integer('last_job_id').references(() => bulkJob.id, { onDelete: 'set null' }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    // "scheduled bulk export exists" (spec 001 §8): one schedule per product type
    uniqueIndex('scheduled_export_type_uq').on(t.businessUnitId, t.entity, t.productTypeId),
    // and one of the unit's documents
    uniqueIndex('scheduled_export_unit_uq').on(t.businessUnitId, t.entity).where(sql`product_type_id IS NULL`),
    check('scheduled_export_type_ck', sql`(entity = 'PRODUCT') = (product_type_id IS NOT NULL)`),
    // the tick's scan: due rows only
    index('scheduled_export_due_idx').on(t.nextRunAt).where(sql`next_run_at IS NOT NULL`),
    check('scheduled_export_hour_ck', sql`hour BETWEEN 0 AND 23`),
  ],
);

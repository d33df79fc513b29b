import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters, shared by every process on the database (decision 0068): one fixed
 * window per limit and key (the key is `<limit>:<SHA-256 of the client's key>`, so no address or
 * e-mail is kept and any length fits). A window whose end has passed counts again from one in the
 * same statement; ended windows are pruned now and then. UNLOGGED on PostgreSQL (hand-written in
 * the migration): counters need not survive a crash.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

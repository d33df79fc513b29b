import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per mutation, sign-in event and publish. No foreign keys: the log outlives what it
 * describes. `category` is 'publish' for publishing entries (AUDIT_LOG_PUBLISH_READ) and 'general' otherwise.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    login: text('login'),
    businessUnitId: integer('business_unit_id'),
    entityName: text('entity_name').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    category: text('category').notNull().default('general'),
    changes: jsonb('changes'),
  },
  (t) => [index('audit_log_bu_idx').on(t.businessUnitId, t.id), index('audit_log_at_idx').on(t.at)],
);

import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per mutation, sign-in event and publish. No foreign keys: the log outlives what it
 * describes, so each row carries the entity's label as it was. `category` is 'publish' for publishing entries (AUDIT_LOG_PUBLISH_READ) and 'general' otherwise.
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
    /** The entity's name, key code or login as it was when the row was written (it outlives a rename or delete). */
    entityLabel: text('entity_label'),
    action: text('action').notNull(),
    category: text('category').notNull().default('general'),
    changes: jsonb('changes'),
  },
  (t) => [index('audit_log_bu_idx').on(t.businessUnitId, t.id), index('audit_log_at_idx').on(t.at)],
);

import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The five columns the log's search matches, as one text (decision 0060): one trigram index
 * answers a partial match of any of them. The repo writes the same expression, and checks each
 * column after (a match across two columns' boundary is not a match).
 */
export const auditLogSearchText = (t: {
  login: AnyPgColumn;
  entityName: AnyPgColumn;
  entityId: AnyPgColumn;
  entityLabel: AnyPgColumn;
  action: AnyPgColumn;
}): SQL =>
  sql`(coalesce(${t.login}, '') || ' ' || ${t.entityName} || ' ' || coalesce(${t.entityId}, '') || ' ' || coalesce(${t.entityLabel}, '') || ' ' || ${t.action})`;

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
    /**
     * The row's place in the manufacturer's audit chain (1, 2, 3, … without gaps) and the SHA-256
     * (hex) of the previous row's hash followed by this row's canonical content; both are set by the
     * database's insert trigger, never by the application (migration 0032, decision 0065).
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_bu_idx').on(t.businessUnitId, t.id),
    index('audit_log_at_idx').on(t.at),
    // the page newest first (the default order) without sorting the unit's entries
    index('audit_log_bu_at_idx').on(t.businessUnitId, t.at, t.id),
    index('audit_log_search_trgm_idx').using('gin', sql`${auditLogSearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * The head of the manufacturer's audit chain: the last row's sequence number and hash. The insert
 * trigger of the audit log locks it for the rest of the writing transaction, so concurrent writers
 * append one after the other and the chain never forks (decision 0065).
 */
export const auditChain = pgTable('audit_chain', {
  manufacturerId: integer('manufacturer_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

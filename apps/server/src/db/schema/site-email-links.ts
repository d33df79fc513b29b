import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businessUnit } from './organisation.js';

/**
 * One-time links that prove a visitor's e-mail address on the public website (decision 0045):
 * sent only to an address of an enabled restricted group (or of the document search access) of
 * the unit's live publication. Only the SHA-256 of the link's token is stored; a link is used once
 * and expires. Rows go with their unit and are purged a day after they expire.
 */
export const siteEmailLink = pgTable(
  'site_email_link',
  {
    id: serial('id').primaryKey(),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnit.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The verified address once the link is used (trimmed, lower-case). */
    email: text('email').notNull(),
    /** The site path the visitor asked from, where the used link sends them back. */
    returnTo: text('return_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('site_email_link_unit_expires_idx').on(t.businessUnitId, t.expiresAt)],
);

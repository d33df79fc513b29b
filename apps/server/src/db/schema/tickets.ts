import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A help ticket a signed-in user sent the vendor's support from `/help` (issue 24, decision 0073):
 * the number is its id. The requester's login and e-mail are copied, so a ticket still says who
 * asked after the user is gone; the business unit is the context the page was in (no key: the
 * ticket outlives the unit, as the audit log does). One optional attachment, its binary in the
 * file store under `tickets/`.
 */
export const ticket = pgTable(
  'ticket',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull().default(''),
    ticketType: text('ticket_type').notNull(),
    /** OPEN or CLOSED. */
    status: text('status').notNull().default('OPEN'),
    requesterId: integer('requester_id'),
    requesterLogin: text('requester_login').notNull(),
    requesterEmail: text('requester_email').notNull(),
    businessUnitId: integer('business_unit_id'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    closedDate: timestamp('closed_date', { withTimezone: true }),
    closedBy: text('closed_by'),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: bigint('attachment_size', { mode: 'number' }),
    attachmentSha256: text('attachment_sha256'),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('ticket_requester_created_idx').on(t.requesterId, t.createdDate),
    index('ticket_status_created_idx').on(t.status, t.createdDate),
  ],
);

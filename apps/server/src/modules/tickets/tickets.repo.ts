import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { isRowId } from '../../db/sql.js';

export type TicketRow = typeof ticket.$inferSelect;
export type TicketValues = Pick<
  typeof ticket.$inferInsert,
  'subject' | 'description' | 'url' | 'ticketType' | 'requesterId' | 'requesterLogin' | 'requesterEmail' | 'businessUnitId'
>;
export interface TicketFilter {
  /** Only the tickets of this requester (the help page's own list). */
  requesterId?: number;
  status?: 'OPEN' | 'CLOSED';
}
export interface AttachmentValues {
  attachmentKey: string;
  attachmentName: string;
  attachmentType: string;
  attachmentSize: number;
  attachmentSha256: string;
}

const whereOf = (f: TicketFilter): SQL | undefined =>
  and(f.requesterId !== undefined ? eq(ticket.requesterId, f.requesterId) : undefined, f.status ? eq(ticket.status, f.status) : undefined);

export async function insertTicket(db: DbOrTx, values: TicketValues): Promise<TicketRow> {
  const [row] = await db.insert(ticket).values(values).returning();
  return row;
}

export async function listTickets(db: DbOrTx, filter: TicketFilter, page: { limit: number; offset: number }): Promise<TicketRow[]> {
  return db
    .select()
    .from(ticket)
    .where(whereOf(filter))
    .orderBy(desc(ticket.createdDate), desc(ticket.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countTickets(db: DbOrTx, filter: TicketFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticket).where(whereOf(filter));
  return row?.n ?? 0;
}

export async function findTicket(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(ticket).where(eq(ticket.id, id));
  return row;
}

/** The ticket row, locked until the transaction ends (an attachment or a close queue behind each other). */
export async function findTicketForUpdate(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db.select().from(ticket).where(eq(ticket.id, id)).for('update');
  return row;
}

export async function setAttachment(db: DbOrTx, id: number, values: AttachmentValues): Promise<TicketRow> {
  const [row] = await db.update(ticket).set(values).where(eq(ticket.id, id)).returning();
  return row;
}

export async function closeTicket(db: DbOrTx, id: number, closedBy: string, at: Date): Promise<TicketRow> {
  const [row] = await db
    .update(ticket)
    .set({ status: 'CLOSED', closedDate: at, closedBy, version: sql`${ticket.version} + 1` })
    .where(eq(ticket.id, id))
    .returning();
  return row;
}

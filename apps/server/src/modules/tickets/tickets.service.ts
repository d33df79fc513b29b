import { ErrorKeys, type Ticket, type TicketCreated, TicketErrorKeys, type ticketCreateBody, type ticketListQuery } from '@vellum/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isRowId } from '../../db/sql.js';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import { type BinaryKind, receiveBinary, TEXT_KIND } from '../../platform/binaries.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { supportMailer, ticketAttachmentMail, ticketCreatedMail } from './tickets.mail.js';
import * as repo from './tickets.repo.js';

const ENTITY = 'ticket';

/** PNG, JPEG, PDF, TXT and ZIP, decided by the content (spec 000 §9 gives the limit; the kinds are issue 24's). */
export const ATTACHMENT_KINDS: readonly BinaryKind[] = [
  { mediaType: 'image/png', extension: 'png' },
  { mediaType: 'image/jpeg', extension: 'jpg' },
  { mediaType: 'application/pdf', extension: 'pdf' },
  TEXT_KIND,
  { mediaType: 'application/zip', extension: 'zip' },
];

export const ticketView = (r: repo.TicketRow): Ticket => ({
  id: r.id,
  subject: r.subject,
  description: r.description,
  url: r.url,
  ticketType: r.ticketType as Ticket['ticketType'],
  status: r.status as Ticket['status'],
  requesterId: r.requesterId,
  requesterLogin: r.requesterLogin,
  requesterEmail: r.requesterEmail,
  businessUnitId: r.businessUnitId,
  createdDate: r.createdDate.toISOString(),
  closedDate: r.closedDate?.toISOString() ?? null,
  closedBy: r.closedBy,
  attachment:
    r.attachmentKey && r.attachmentName && r.attachmentType
      ? { fileName: r.attachmentName, mediaType: r.attachmentType, size: r.attachmentSize ?? 0, sha256: r.attachmentSha256 ?? '' }
      : null,
  version: r.version,
});

/** The business unit an admin page's address is in (`/my-business-units/{id}/…`), null for the global pages. */
export function unitOfPage(url: string): number | null {
  const match = /(?:^|\/)my-business-units\/(\d{1,10})(?:[/?#]|$)/.exec(url);
  const id = match ? Number(match[1]) : Number.NaN;
  return isRowId(id) ? id : null;
}

/**
 * Stores the ticket (OPEN) with its audit row in one transaction, then mails it to support in the
 * requester's language (English when it has no texts). A mail that fails is logged and does not
 * undo the ticket: support still reads it in the product.
 */
export async function createTicket(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  auth: AuthContext,
  body: z.output<typeof ticketCreateBody>,
  log?: FastifyBaseLogger,
): Promise<TicketCreated> {
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertTicket(tx, {
      subject: body.data.subject,
      description: body.data.description,
      url: body.data.url,
      ticketType: body.ticketType,
      requesterId: auth.userId,
      requesterLogin: auth.login,
      requesterEmail: auth.user.email,
      businessUnitId: unitOfPage(body.data.url),
    });
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: created.id,
      entityLabel: created.subject.slice(0, 255),
      action: 'CREATE',
      businessUnitId: created.businessUnitId,
    });
    return created;
  });
  const { to, mailer } = supportMailer(deps);
  await mailer
    .send({ to, ...ticketCreatedMail(row, auth.user.langKey) })
    .catch((err) => log?.error({ err, ticket: row.id }, 'ticket mail failed'));
  return { ticketCreated: true, ticketId: row.id };
}

/**
 * The one attachment of the caller's own ticket (another user's, or none: 404), checked by its
 * content and size, stored, recorded with an audit row, then mailed to support. A file over the
 * limit answers 413 with the help form's own key; nothing is kept of a refused file.
 */
export async function addAttachment(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'files'>,
  auth: AuthContext,
  req: FastifyRequest,
  id: number,
  maxBytes: number,
  log?: FastifyBaseLogger,
): Promise<Ticket> {
  const before = await repo.findTicket(deps.db, id);
  if (!before || before.requesterId !== auth.userId) throw notFound(ENTITY);
  if (before.attachmentKey) throw badRequest(TicketErrorKeys.attachmentExists);
  const received = await receiveBinary(req, deps.files, { prefix: 'tickets', maxBytes, kinds: ATTACHMENT_KINDS }).catch((err) => {
    if (err instanceof AppError && err.message === ErrorKeys.fileTooLarge) {
      throw new AppError(TicketErrorKeys.attachmentFileSize, 413, { maxBytes });
    }
    throw err;
  });
  let row: repo.TicketRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const locked = await repo.findTicketForUpdate(tx, id);
      if (!locked) throw notFound(ENTITY);
      if (locked.attachmentKey) throw badRequest(TicketErrorKeys.attachmentExists);
      const updated = await repo.setAttachment(tx, id, {
        attachmentKey: received.key,
        attachmentName: received.fileName,
        attachmentType: received.mediaType,
        attachmentSize: received.size,
        attachmentSha256: received.sha256,
      });
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: locked.subject.slice(0, 255),
        action: 'ATTACHMENT',
        businessUnitId: locked.businessUnitId,
        changes: { attachment: { fileName: received.fileName, size: received.size, sha256: received.sha256 } },
      });
      return updated;
    });
  } catch (err) {
    await deps.files.delete(received.key).catch(() => {});
    throw err;
  }
  try {
    const content = await readAll(deps, received.key);
    const { to, mailer } = supportMailer(deps);
    await mailer.send({
      to,
      ...ticketAttachmentMail(row, { filename: received.fileName, content, contentType: received.mediaType }, auth.user.langKey),
    });
  } catch (err) {
    log?.error({ err, ticket: id }, 'ticket attachment mail failed');
  }
  return ticketView(row);
}

async function readAll(deps: Pick<Deps, 'files'>, key: string): Promise<Buffer> {
  const stream = await deps.files.open(key);
  if (!stream) throw notFound('binary');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function listTickets(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof ticketListQuery>,
  requesterId?: number,
): Promise<{ items: Ticket[]; total: number }> {
  const filter = { requesterId, status: query.status };
  const [rows, total] = await Promise.all([
    repo.listTickets(deps.db, filter, { limit: query.size, offset: query.page * query.size }),
    repo.countTickets(deps.db, filter),
  ]);
  return { items: rows.map(ticketView), total };
}

export async function getTicket(deps: Pick<Deps, 'db'>, id: number): Promise<repo.TicketRow> {
  const row = await repo.findTicket(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return row;
}

/** Closes a ticket (a stale version: 409; closed already: 400), audited. */
export async function closeTicket(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number, version: number): Promise<Ticket> {
  return deps.db.transaction(async (tx) => {
    const locked = await repo.findTicketForUpdate(tx, id);
    if (!locked) throw notFound(ENTITY);
    if (locked.version !== version) throw conflict();
    if (locked.status === 'CLOSED') throw badRequest(TicketErrorKeys.alreadyClosed);
    const row = await repo.closeTicket(tx, id, auth.login, new Date());
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: locked.subject.slice(0, 255),
      action: 'CLOSE',
      businessUnitId: locked.businessUnitId,
      changes: { status: { from: 'OPEN', to: 'CLOSED' } },
    });
    return ticketView(row);
  });
}

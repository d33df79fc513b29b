import { ticketsApi as api, TICKET_ATTACHMENT_MAX_BYTES } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { sendBinary } from '../../platform/binaries.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { addAttachment, closeTicket, createTicket, getTicket, listTickets, ticketView } from './tickets.service.js';

/** The vendor's support staff read and close every ticket (global right, decision 0073). */
const SUPPORT = 'QARAD_USER';

export const ticketsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.create, { access: 'authenticated' }, async (req, reply) => {
    const created = await createTicket(deps, authOf(req), req.body, req.log);
    alert(reply, 'help.messages.success', created.ticketId);
    return reply.code(201).send(created);
  });

  route(app, api.uploadAttachment, { access: 'authenticated' }, (req) =>
    addAttachment(deps, authOf(req), req, req.params.id, TICKET_ATTACHMENT_MAX_BYTES, req.log),
  );

  route(app, api.mine, { access: 'authenticated' }, async (req, reply) => {
    const { items, total } = await listTickets(deps, req.query, authOf(req).userId);
    return sendPage(reply, items, total);
  });

  route(app, api.list, { access: { right: SUPPORT } }, async (req, reply) => {
    const { items, total } = await listTickets(deps, req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.get, { access: { right: SUPPORT } }, async (req) => ticketView(await getTicket(deps, req.params.id)));

  route(app, api.downloadAttachment, { access: { right: SUPPORT } }, async (req, reply) => {
    const row = await getTicket(deps, req.params.id);
    if (!row.attachmentKey || !row.attachmentType || !row.attachmentName)
      throw new AppError('error.http.404', 404, { entity: 'attachment' });
    return sendBinary(req, reply, deps.files, {
      key: row.attachmentKey,
      size: row.attachmentSize ?? 0,
      mediaType: row.attachmentType,
      sha256: row.attachmentSha256 ?? '',
      fileName: row.attachmentName,
    });
  });

  route(app, api.close, { access: { right: SUPPORT } }, async (req, reply) => {
    const ticket = await closeTicket(deps, authOf(req), req.params.id, req.body.version);
    alert(reply, 'vellumApp.ticket.closed', ticket.id);
    return ticket;
  });
};

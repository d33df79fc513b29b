import { z } from 'zod';
import { ErrorKeys } from '../errors.js';
import {
  TicketErrorKeys as E,
  ticketCloseBody,
  ticketCreateBody,
  ticketCreatedSchema,
  ticketIdParams,
  ticketListQuery,
  ticketSchema,
} from '../tickets.js';
import { defineRoute } from './define.js';

const tags = ['tickets'];

/** Help tickets to the vendor's support (spec 000 §3, §7; decision 0073). */
export const ticketsApi = {
  create: defineRoute({
    method: 'POST',
    path: '/api/ticket',
    tags,
    summary: 'Sends a support ticket',
    description:
      'Any signed-in user. subject 1–150 characters, description 1–65,000, url the admin page it was opened from; ' +
      'ticketType SUPPORT_REQUEST. The ticket is stored (OPEN) and mailed to the support address.',
    body: ticketCreateBody,
    response: { 201: ticketCreatedSchema },
  }),
  uploadAttachment: defineRoute({
    method: 'POST',
    path: '/api/ticket/:id/attachment',
    tags,
    summary: "Adds the attachment to one of the caller's own tickets",
    description:
      'multipart/form-data with the file in `file`: PNG, JPEG, PDF, TXT (UTF-8 text) or ZIP by its content, at most ' +
      '10,485,760 bytes (413 help.messages.validate.attachment.filesize, nothing kept); one per ticket. Mailed to the ' +
      'support address with the ticket number. Another user’s ticket answers 404.',
    params: ticketIdParams,
    consumes: ['multipart/form-data'],
    response: { 200: ticketSchema },
    errors: [E.attachmentFileSize, E.attachmentExists, ErrorKeys.unsupportedContentType],
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/tickets/own',
    tags,
    summary: "The caller's own tickets, newest first",
    description: 'Any signed-in user; page and size (default 10); the total is in x-total-count.',
    query: ticketListQuery,
    response: { 200: z.array(ticketSchema) },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/tickets',
    tags,
    summary: 'Every ticket, newest first (support staff)',
    description: 'QARAD_USER. status OPEN or CLOSED; page and size (default 10); the total is in x-total-count.',
    query: ticketListQuery,
    response: { 200: z.array(ticketSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/tickets/:id',
    tags,
    summary: 'A ticket (support staff)',
    params: ticketIdParams,
    response: { 200: ticketSchema },
  }),
  downloadAttachment: defineRoute({
    method: 'GET',
    path: '/api/tickets/:id/attachment',
    tags,
    summary: "A ticket's attachment (support staff)",
    params: ticketIdParams,
    produces: ['application/octet-stream'],
  }),
  close: defineRoute({
    method: 'PUT',
    path: '/api/tickets/:id/close',
    tags,
    summary: 'Closes a ticket (support staff)',
    description: 'A stale version answers 409, a closed ticket 400 error.ticket.alreadyClosed.',
    params: ticketIdParams,
    body: ticketCloseBody,
    response: { 200: ticketSchema },
    errors: [E.alreadyClosed],
  }),
};

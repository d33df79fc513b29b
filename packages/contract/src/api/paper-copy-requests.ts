import { z } from 'zod';
import { idParams } from '../common.js';
import { PaperCopyErrorKeys as E, paperCopyRequestListQuery, paperCopyRequestSchema, paperCopySentBody } from '../paper-copy-requests.js';
import { defineRoute } from './define.js';

const tags = ['paper-copy-requests'];

/** The paper copies visitors of the public website asked for, and their sending (decision 0041). */
export const paperCopyRequestsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/paper-copy-requests',
    tags,
    summary: 'The paper-copy requests of a business unit',
    description:
      'Requests for a free paper copy made on the public site (EU 2021/2226: to be sent within 7 days). ' +
      'state: open (not sent yet, overdue ones included), overdue (not sent, past the due date) or sent; ' +
      'sort: dueDate (the default), createdDate, sentDate or id, asc or desc; page and size (default 20); the total is in x-total-count. ' +
      'daysLeft and state are judged at the time of the request.',
    query: paperCopyRequestListQuery,
    response: { 200: z.array(paperCopyRequestSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/paper-copy-requests/:id',
    tags,
    summary: 'A paper-copy request',
    params: idParams,
    response: { 200: paperCopyRequestSchema },
  }),
  markSent: defineRoute({
    method: 'PUT',
    path: '/api/paper-copy-requests/:id/sent',
    tags,
    summary: 'Marks a paper-copy request sent',
    description: 'Sent now, by the signed-in user; a stale version answers 409, a request already sent 400.',
    params: idParams,
    body: paperCopySentBody,
    response: { 200: paperCopyRequestSchema },
    errors: [E.alreadySent],
  }),
};

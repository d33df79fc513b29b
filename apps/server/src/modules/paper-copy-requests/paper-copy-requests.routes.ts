import { idParams, paperCopyRequestListQuery, paperCopyRequestSchema, paperCopySentBody } from '@vellum/contract';
import { z } from 'zod';
import { authOf, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { getPaperCopyRequest, listPaperCopyRequests, markPaperCopySent, unitOfPaperCopyRequest } from './paper-copy-requests.service.js';

const tags = ['paper-copy-requests'];
/**
 * Requests hold the requester's name, postal address and e-mail: only who sends the copies, the
 * team that manages the unit's documents, reads and marks them (decision 0041).
 */
const RIGHT = 'DOCUMENT_MANAGE';

export const paperCopyRequestsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofRequest = unitOfEntity(() => deps.db, 'paperCopyRequest', unitOfPaperCopyRequest);

  r.get(
    '/api/paper-copy-requests',
    {
      config: { access: { right: RIGHT, unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The paper-copy requests of a business unit',
        description:
          'Requests for a free paper copy made on the public site (EU 2021/2226: to be sent within 7 days). ' +
          'state: open (not sent yet, overdue ones included), overdue (not sent, past the due date) or sent; ' +
          'sort: dueDate (the default), createdDate, sentDate or id, asc or desc; page and size (default 20); the total is in x-total-count. ' +
          'daysLeft and state are judged at the time of the request.',
        querystring: paperCopyRequestListQuery,
        response: { 200: z.array(paperCopyRequestSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listPaperCopyRequests(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/paper-copy-requests/:id',
    {
      config: { access: { right: RIGHT, unit: ofRequest } },
      schema: { tags, summary: 'A paper-copy request', params: idParams, response: { 200: paperCopyRequestSchema } },
    },
    (req) => getPaperCopyRequest(deps, req.params.id),
  );

  r.put(
    '/api/paper-copy-requests/:id/sent',
    {
      config: { access: { right: RIGHT, unit: ofRequest } },
      schema: {
        tags,
        summary: 'Marks a paper-copy request sent',
        description: 'Sent now, by the signed-in user; a stale version answers 409, a request already sent 400.',
        params: idParams,
        body: paperCopySentBody,
        response: { 200: paperCopyRequestSchema },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const request = await markPaperCopySent(deps, { userId: auth.userId, login: auth.login }, req.params.id, req.body.version);
      alert(reply, 'vellumApp.paperCopyRequest.sent', request.documentNumber);
      return request;
    },
  );
};

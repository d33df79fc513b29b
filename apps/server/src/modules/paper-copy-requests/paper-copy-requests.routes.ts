import { paperCopyRequestsApi as api } from '@vellum/contract';
import { authOf, unitFromQuery, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { getPaperCopyRequest, listPaperCopyRequests, markPaperCopySent, unitOfPaperCopyRequest } from './paper-copy-requests.service.js';

/**
 * Requests hold the requester's name, postal address and e-mail: only who sends the copies, the
 * team that manages the unit's documents, reads and marks them (decision 0041).
 */
const RIGHT = 'DOCUMENT_MANAGE';

export const paperCopyRequestsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofRequest = unitOfEntity(() => deps.db, 'paperCopyRequest', unitOfPaperCopyRequest);

  route(app, api.list, { access: { right: RIGHT, unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listPaperCopyRequests(deps, req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.get, { access: { right: RIGHT, unit: ofRequest } }, (req) => getPaperCopyRequest(deps, req.params.id));

  route(app, api.markSent, { access: { right: RIGHT, unit: ofRequest } }, async (req, reply) => {
    const auth = authOf(req);
    const request = await markPaperCopySent(deps, auth, req.params.id, req.body.version);
    alert(reply, 'vellumApp.paperCopyRequest.sent', request.documentNumber);
    return request;
  });
};

import { documentSearchAccessApi as api } from '@vellum/contract';
import { authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { getDocumentSearchAccess, saveDocumentSearchAccess } from './document-search-access.service.js';

export const documentSearchAccessRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const access = { right: 'DOCUMENT_SEARCH_USER_MANAGE' as const, unit: unitFromQuery('business-unit') };

  route(app, api.get, { access }, (req) => getDocumentSearchAccess(deps, req.query['business-unit']));

  route(app, api.save, { access }, async (req, reply) => {
    const saved = await saveDocumentSearchAccess(deps, authOf(req), req.query['business-unit'], req.body);
    alert(reply, 'vellumApp.documentSearchAccess.saved', saved.emails.length);
    return saved;
  });
};

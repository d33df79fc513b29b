import { documentSearchAccessBody, documentSearchAccessQuery, documentSearchAccessSchema } from '@vellum/contract';
import { authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { getDocumentSearchAccess, saveDocumentSearchAccess } from './document-search-access.service.js';

const tags = ['document-search-access'];

export const documentSearchAccessRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const access = { right: 'DOCUMENT_SEARCH_USER_MANAGE' as const, unit: unitFromQuery('business-unit') };

  r.get(
    '/api/document-search-access',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Who may use the restricted document search of a business unit',
        description: 'The e-mail addresses and the version the next PUT must name (0 before the first save).',
        querystring: documentSearchAccessQuery,
        response: { 200: documentSearchAccessSchema },
      },
    },
    (req) => getDocumentSearchAccess(deps, req.query['business-unit']),
  );

  r.put(
    '/api/document-search-access',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Replaces who may use the restricted document search of a business unit',
        description:
          'The whole list: each e-mail valid, stored trimmed, lower-case and once (at most 1,000). version is the list’s version as read (stale: 409).',
        querystring: documentSearchAccessQuery,
        body: documentSearchAccessBody,
        response: { 200: documentSearchAccessSchema },
      },
    },
    async (req, reply) => {
      const saved = await saveDocumentSearchAccess(deps, authOf(req), req.query['business-unit'], req.body);
      alert(reply, 'vellumApp.documentSearchAccess.saved', saved.emails.length);
      return saved;
    },
  );
};

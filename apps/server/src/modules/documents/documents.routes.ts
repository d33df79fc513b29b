import { documentsApi as api, RetentionAlerts } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { createDocument, deleteDocument, getDocument, searchDocuments, unitOfDocument, updateDocument } from './documents.service.js';

const READ_RIGHTS = ['DOCUMENT_READ', 'DOCUMENT_MANAGE'] as const;
const UPDATED = 'vellumApp.document.updated';

export const documentsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofDocument = unitOfEntity(() => deps.db, 'document', unitOfDocument);
  const update: AccessRule = { right: 'DOCUMENT_MANAGE', unit: unitOfEntityInPathOrBody(() => deps.db, 'document', unitOfDocument) };

  route(app, api.search, { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } }, (req) =>
    searchDocuments(deps, req.query, req.body),
  );
  route(app, api.get, { access: { right: [...READ_RIGHTS], unit: ofDocument } }, (req) => getDocument(deps, req.params.id));

  route(app, api.create, { access: { right: 'DOCUMENT_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const doc = await createDocument(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.document.created', doc.number).status(201);
    return doc;
  });

  route(app, api.update, { access: update }, async (req, reply) => {
    const doc = await updateDocument(deps, authOf(req), req.body);
    alert(reply, UPDATED, doc.number);
    return doc;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const doc = await updateDocument(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, doc.number);
    return doc;
  });

  route(app, api.delete, { access: { right: 'DOCUMENT_DELETE', unit: ofDocument } }, async (req, reply) => {
    const { document: doc, retained } = await deleteDocument(deps, authOf(req), req.params.id);
    if (!retained) return alert(reply, 'vellumApp.document.deleted', doc.number).status(204).send();
    if (retained.retainedUntil === null) alert(reply, RetentionAlerts.documentRetainedIndefinitely, doc.number);
    else alert(reply, RetentionAlerts.documentRetained, retained.retainedUntil);
    return { archived: true as const, ...retained };
  });
};

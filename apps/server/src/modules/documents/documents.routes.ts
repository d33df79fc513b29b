import {
  documentCreateBody,
  documentSchema,
  documentSearchBody,
  documentSearchPageSchema,
  documentSearchQuery,
  documentUpdateBody,
  idParams,
} from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { createDocument, deleteDocument, getDocument, searchDocuments, unitOfDocument, updateDocument } from './documents.service.js';

const tags = ['documents'];
const READ_RIGHTS = ['DOCUMENT_READ', 'DOCUMENT_MANAGE'] as const;
const UPDATED = 'vellumApp.document.updated';

export const documentsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofDocument = unitOfEntity(() => deps.db, 'document', unitOfDocument);
  const update: AccessRule = { right: 'DOCUMENT_MANAGE', unit: unitOfEntityInPathOrBody(() => deps.db, 'document', unitOfDocument) };

  r.post(
    '/api/documents/search',
    {
      config: { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'Searches the documents of a business unit',
        description:
          'Every filter given must match: number and name EXACT (equal ignoring case) or PARTIAL (contains); text is contained ' +
          'in the number, the name or an attribute value; attributes as number; documentTypeId, productId, productGroupId; ' +
          'publishState (from the current version of each file); hasFiles; orphans (no product group and no product). ' +
          'sort: number (default), name, documentType, lastModifiedDate or id. include-collections=true adds each ' +
          "document's attribute values, product groups and products.",
        querystring: documentSearchQuery,
        body: documentSearchBody,
        response: { 200: documentSearchPageSchema },
      },
    },
    (req) => searchDocuments(deps, req.query, req.body),
  );

  r.get(
    '/api/documents/:id',
    {
      config: { access: { right: [...READ_RIGHTS], unit: ofDocument } },
      schema: {
        tags,
        summary: 'A document with its type, values, product groups, products and restricted groups',
        params: idParams,
        response: { 200: documentSchema },
      },
    },
    (req) => getDocument(deps, req.params.id),
  );

  r.post(
    '/api/documents',
    {
      config: { access: { right: 'DOCUMENT_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a document (DOCUMENT_MANAGE in its business unit)',
        description:
          'The number is unique in the business unit (ignoring case); the type is an active type of the unit; values name ' +
          'definitions of the unit, every mandatory active one has a value and values of unique ones are unique; product ' +
          'groups and products are of the unit.',
        body: documentCreateBody,
        response: { 201: documentSchema },
      },
    },
    async (req, reply) => {
      const doc = await createDocument(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.document.created', doc.number).status(201);
      return doc;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a document (DOCUMENT_MANAGE in its business unit)',
    description: 'The business unit cannot change; a change of type needs an active type; a stale version answers 409.',
    body: documentUpdateBody,
    response: { 200: documentSchema },
  };
  r.put('/api/documents', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const doc = await updateDocument(deps, authOf(req), req.body);
    alert(reply, UPDATED, doc.number);
    return doc;
  });
  r.put('/api/documents/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const doc = await updateDocument(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, doc.number);
    return doc;
  });

  r.delete(
    '/api/documents/:id',
    {
      config: { access: { right: 'DOCUMENT_DELETE', unit: ofDocument } },
      schema: {
        tags,
        summary: 'Deletes a document (DOCUMENT_DELETE in its business unit)',
        description:
          'Refused while a file of the document has a published or scheduled version (archive the file instead); ' +
          'otherwise its files, versions and links go with it and their binaries are removed from storage.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const doc = await deleteDocument(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.document.deleted', doc.number).status(204).send();
    },
  );
};

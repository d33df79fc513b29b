import {
  documentAttributeListBody,
  documentAttributeListQuery,
  documentAttributeListSchema,
  documentTypeCreateBody,
  documentTypeListQuery,
  documentTypeSchema,
  documentTypeUpdateBody,
  idParams,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { getDocumentAttributes, saveDocumentAttributes } from './document-attributes.service.js';
import {
  createDocumentType,
  deleteDocumentType,
  getDocumentType,
  listDocumentTypes,
  unitOfDocumentType,
  updateDocumentType,
} from './document-types.service.js';

const tags = ['document-types'];
/** Whoever manages the types or works with documents reads the types (a document names its type). */
const TYPE_READ_RIGHTS = ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const ATTRIBUTE_READ_RIGHTS = ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const UPDATED = 'vellumApp.documentType.updated';

export const documentTypesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofType = unitOfEntity(() => deps.db, 'documentType', unitOfDocumentType);
  const update: AccessRule = {
    right: 'DOCUMENT_TYPE_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'documentType', unitOfDocumentType),
  };

  r.get(
    '/api/document-types',
    {
      config: { access: { right: [...TYPE_READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The document types of a business unit',
        description:
          'search matches the name (case-insensitive); sort: name, sortNumber (the default), id or active, asc or desc; ' +
          'page and size (default 2000); the total is in x-total-count.',
        querystring: documentTypeListQuery,
        response: { 200: z.array(documentTypeSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listDocumentTypes(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/document-types/:id',
    {
      config: { access: { right: [...TYPE_READ_RIGHTS], unit: ofType } },
      schema: { tags, summary: 'A document type', params: idParams, response: { 200: documentTypeSchema } },
    },
    (req) => getDocumentType(deps, req.params.id),
  );

  r.post(
    '/api/document-types',
    {
      config: { access: { right: 'DOCUMENT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a document type',
        description:
          'The name (regardless of case) and the sort number are unique in the business unit; hcp or patient is required; ' +
          'the patient audience needs the patient portal.',
        body: documentTypeCreateBody,
        response: { 201: documentTypeSchema },
      },
    },
    async (req, reply) => {
      const type = await createDocumentType(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.documentType.created', type.name).status(201);
      return type;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a document type',
    description: 'The business unit cannot change; a stale version answers 409.',
    body: documentTypeUpdateBody,
    response: { 200: documentTypeSchema },
  };
  r.put('/api/document-types', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const type = await updateDocumentType(deps, authOf(req), req.body);
    alert(reply, UPDATED, type.name);
    return type;
  });
  r.put('/api/document-types/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const type = await updateDocumentType(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, type.name);
    return type;
  });

  r.delete(
    '/api/document-types/:id',
    {
      config: { access: { right: 'DOCUMENT_TYPE_DELETE', unit: ofType } },
      schema: { tags, summary: 'Deletes a document type that no document uses', params: idParams },
    },
    async (req, reply) => {
      const type = await deleteDocumentType(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.documentType.deleted', type.name).status(204).send();
    },
  );

  r.get(
    '/api/document-attribute-definitions',
    {
      config: { access: { right: [...ATTRIBUTE_READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags: ['document-attribute-definitions'],
        summary: 'The document attribute definitions of a business unit and the version of their list',
        querystring: documentAttributeListQuery,
        response: { 200: documentAttributeListSchema },
      },
    },
    (req) => getDocumentAttributes(deps, req.query['business-unit']),
  );

  r.put(
    '/api/document-attribute-definitions',
    {
      config: { access: { right: 'DOCUMENT_ATTRIBUTE_MANAGE', unit: unitFromQuery('business-unit') } },
      schema: {
        tags: ['document-attribute-definitions'],
        summary: 'Replaces the document attribute definitions of a business unit',
        description:
          'The whole list: items without id are added, items with an id update that definition, definitions left out are removed. ' +
          'version is the list version as read (stale: 409). Names (regardless of case) and slugs are unique.',
        querystring: documentAttributeListQuery,
        body: documentAttributeListBody,
        response: { 200: documentAttributeListSchema },
      },
    },
    async (req, reply) => {
      const list = await saveDocumentAttributes(deps, authOf(req), req.query['business-unit'], req.body);
      alert(reply, 'vellumApp.documentAttribute.saved', list.definitions.length);
      return list;
    },
  );
};

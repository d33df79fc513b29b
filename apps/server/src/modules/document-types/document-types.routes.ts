import { documentTypesApi as api } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { getDocumentAttributes, saveDocumentAttributes } from './document-attributes.service.js';
import {
  createDocumentType,
  deleteDocumentType,
  getDocumentType,
  listDocumentTypes,
  unitOfDocumentType,
  updateDocumentType,
} from './document-types.service.js';

/** Whoever manages the types or works with documents reads the types (a document names its type). */
const TYPE_READ_RIGHTS = ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const ATTRIBUTE_READ_RIGHTS = ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const UPDATED = 'vellumApp.documentType.updated';

export const documentTypesRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofType = unitOfEntity(() => deps.db, 'documentType', unitOfDocumentType);
  const update: AccessRule = {
    right: 'DOCUMENT_TYPE_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'documentType', unitOfDocumentType),
  };

  route(app, api.list, { access: { right: [...TYPE_READ_RIGHTS], unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listDocumentTypes(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.get, { access: { right: [...TYPE_READ_RIGHTS], unit: ofType } }, (req) => getDocumentType(deps, req.params.id));

  route(app, api.create, { access: { right: 'DOCUMENT_TYPE_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const type = await createDocumentType(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.documentType.created', type.name).status(201);
    return type;
  });

  route(app, api.update, { access: update }, async (req, reply) => {
    const type = await updateDocumentType(deps, authOf(req), req.body);
    alert(reply, UPDATED, type.name);
    return type;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const type = await updateDocumentType(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, type.name);
    return type;
  });

  route(app, api.delete, { access: { right: 'DOCUMENT_TYPE_DELETE', unit: ofType } }, async (req, reply) => {
    const type = await deleteDocumentType(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.documentType.deleted', type.name).status(204).send();
  });

  route(app, api.attributeDefinitions, { access: { right: [...ATTRIBUTE_READ_RIGHTS], unit: unitFromQuery('business-unit') } }, (req) =>
    getDocumentAttributes(deps, req.query['business-unit']),
  );
  route(
    app,
    api.saveAttributeDefinitions,
    { access: { right: 'DOCUMENT_ATTRIBUTE_MANAGE', unit: unitFromQuery('business-unit') } },
    async (req, reply) => {
      const list = await saveDocumentAttributes(deps, authOf(req), req.query['business-unit'], req.body);
      alert(reply, 'vellumApp.documentAttribute.saved', list.definitions.length);
      return list;
    },
  );
};

import { publicUserGroupsApi as api } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import {
  createPublicUserGroup,
  deletePublicUserGroup,
  getPublicUserGroup,
  listPublicUserGroups,
  unitOfPublicUserGroup,
  updatePublicUserGroup,
} from './public-user-groups.service.js';

/** Whoever manages the groups, or works with documents (the document page shows its restricted groups), reads them. */
const READ_RIGHTS = ['RESTRICTED_ACCESS_GROUP_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const UPDATED = 'vellumApp.publicUserGroup.updated';

export const publicUserGroupsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const ofGroup = unitOfEntity(() => deps.db, 'publicUserGroup', unitOfPublicUserGroup);
  const update: AccessRule = {
    right: 'RESTRICTED_ACCESS_GROUP_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'publicUserGroup', unitOfPublicUserGroup),
  };

  route(app, api.list, { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listPublicUserGroups(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.get, { access: { right: [...READ_RIGHTS], unit: ofGroup } }, (req) => getPublicUserGroup(deps, req.params.id));

  route(
    app,
    api.create,
    { access: { right: 'RESTRICTED_ACCESS_GROUP_MANAGE', unit: unitFromBody('businessUnitId') } },
    async (req, reply) => {
      const group = await createPublicUserGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.publicUserGroup.created', group.name).status(201);
      return group;
    },
  );

  route(app, api.update, { access: update }, async (req, reply) => {
    const group = await updatePublicUserGroup(deps, authOf(req), req.body);
    alert(reply, UPDATED, group.name);
    return group;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const group = await updatePublicUserGroup(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, group.name);
    return group;
  });

  route(app, api.delete, { access: { right: 'RESTRICTED_ACCESS_GROUP_MANAGE', unit: ofGroup } }, async (req, reply) => {
    const group = await deletePublicUserGroup(deps, authOf(req), req.params.id, req.query['unlink-documents'] === 'true');
    return alert(reply, 'vellumApp.publicUserGroup.deleted', group.name).status(204).send();
  });
};

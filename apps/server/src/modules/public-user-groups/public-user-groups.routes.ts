import {
  idParams,
  publicUserGroupCreateBody,
  publicUserGroupDeleteQuery,
  publicUserGroupListQuery,
  publicUserGroupSchema,
  publicUserGroupUpdateBody,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import {
  createPublicUserGroup,
  deletePublicUserGroup,
  getPublicUserGroup,
  listPublicUserGroups,
  unitOfPublicUserGroup,
  updatePublicUserGroup,
} from './public-user-groups.service.js';

const tags = ['public-user-groups'];
/** Whoever manages the groups, or works with documents (the document page shows its restricted groups), reads them. */
const READ_RIGHTS = ['RESTRICTED_ACCESS_GROUP_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'] as const;
const UPDATED = 'vellumApp.publicUserGroup.updated';

export const publicUserGroupsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofGroup = unitOfEntity(() => deps.db, 'publicUserGroup', unitOfPublicUserGroup);
  const update: AccessRule = {
    right: 'RESTRICTED_ACCESS_GROUP_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'publicUserGroup', unitOfPublicUserGroup),
  };

  r.get(
    '/api/public-user-groups',
    {
      config: { access: { right: [...READ_RIGHTS], unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The restricted (public) user groups of a business unit',
        description:
          'document: only the groups that document is restricted to; search matches the name (case-insensitive); ' +
          'sort: name (the default), id, enabled or createdDate, asc or desc; page and size (default 2000); the total is in x-total-count.',
        querystring: publicUserGroupListQuery,
        response: { 200: z.array(publicUserGroupSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listPublicUserGroups(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/public-user-groups/:id',
    {
      config: { access: { right: [...READ_RIGHTS], unit: ofGroup } },
      schema: { tags, summary: 'A restricted user group', params: idParams, response: { 200: publicUserGroupSchema } },
    },
    (req) => getPublicUserGroup(deps, req.params.id),
  );

  r.post(
    '/api/public-user-groups',
    {
      config: { access: { right: 'RESTRICTED_ACCESS_GROUP_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a restricted user group',
        description:
          'Only while the business unit’s publicUserGroupActive setting is on. The name is unique in the unit regardless of case; ' +
          'e-mails are stored trimmed, lower-case and once each (at most 1,000); documentIds are documents of the unit.',
        body: publicUserGroupCreateBody,
        response: { 201: publicUserGroupSchema },
      },
    },
    async (req, reply) => {
      const group = await createPublicUserGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.publicUserGroup.created', group.name).status(201);
      return group;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a restricted user group and its documents',
    description: 'The whole group, documents included; the business unit cannot change; a stale version answers 409.',
    body: publicUserGroupUpdateBody,
    response: { 200: publicUserGroupSchema },
  };
  r.put('/api/public-user-groups', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const group = await updatePublicUserGroup(deps, authOf(req), req.body);
    alert(reply, UPDATED, group.name);
    return group;
  });
  r.put(
    '/api/public-user-groups/:id',
    { config: { access: update }, schema: { ...updateSchema, params: idParams } },
    async (req, reply) => {
      const group = await updatePublicUserGroup(deps, authOf(req), req.body, req.params.id);
      alert(reply, UPDATED, group.name);
      return group;
    },
  );

  r.delete(
    '/api/public-user-groups/:id',
    {
      config: { access: { right: 'RESTRICTED_ACCESS_GROUP_MANAGE', unit: ofGroup } },
      schema: {
        tags,
        summary: 'Deletes a restricted user group',
        description: 'A group linked to documents is deleted (and the documents unlinked) only with unlink-documents=true.',
        params: idParams,
        querystring: publicUserGroupDeleteQuery,
      },
    },
    async (req, reply) => {
      const group = await deletePublicUserGroup(deps, authOf(req), req.params.id, req.query['unlink-documents'] === 'true');
      return alert(reply, 'vellumApp.publicUserGroup.deleted', group.name).status(204).send();
    },
  );
};

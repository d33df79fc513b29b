import { idParams, userGroupCreateBody, userGroupListQuery, userGroupSchema, userGroupUpdateBody } from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { createUserGroup, deleteUserGroup, getUserGroup, listUserGroups, updateUserGroup } from './user-groups.service.js';

// role managers read groups too: the role list and form show which groups use a role
const READ: AccessRule = { right: ['USER_MANAGE', 'ROLE_MANAGE'] };
const WRITE: AccessRule = { right: 'USER_MANAGE' };
const tags = ['user-groups'];

export const userGroupsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/user-groups',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Every user group with its role, business units and members',
        querystring: userGroupListQuery,
        response: { 200: z.array(userGroupSchema) },
      },
    },
    async (req) => listUserGroups(deps, req.query),
  );

  r.get(
    '/api/user-groups/:id',
    { config: { access: READ }, schema: { tags, summary: 'One user group', params: idParams, response: { 200: userGroupSchema } } },
    async (req) => getUserGroup(deps, req.params.id),
  );

  r.post(
    '/api/user-groups',
    {
      config: { access: WRITE },
      schema: { tags, summary: 'Creates a user group', body: userGroupCreateBody, response: { 201: userGroupSchema } },
    },
    async (req, reply) => {
      const group = await createUserGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.userGroup.created', group.name).status(201);
      return group;
    },
  );

  r.put(
    '/api/user-groups',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Updates a user group; of the super-admin group only the members may change',
        body: userGroupUpdateBody,
        response: { 200: userGroupSchema },
      },
    },
    async (req, reply) => {
      const group = await updateUserGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.userGroup.updated', group.name);
      return group;
    },
  );

  r.delete(
    '/api/user-groups/:id',
    { config: { access: WRITE }, schema: { tags, summary: 'Deletes a user group (not the super-admin group)', params: idParams } },
    async (req, reply) => {
      const group = await deleteUserGroup(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.userGroup.deleted', group.name).status(204).send();
    },
  );
};

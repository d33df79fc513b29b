import { userGroupsApi as api } from '@vellum/contract';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { createUserGroup, deleteUserGroup, getUserGroup, listUserGroups, updateUserGroup } from './user-groups.service.js';

// role managers read groups too: the role list and form show which groups use a role
const READ: AccessRule = { right: ['USER_MANAGE', 'ROLE_MANAGE'] };
const WRITE: AccessRule = { right: 'USER_MANAGE' };

export const userGroupsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.list, { access: READ }, async (req) => listUserGroups(deps, req.query));
  route(app, api.get, { access: READ }, async (req) => getUserGroup(deps, req.params.id));

  route(app, api.create, { access: WRITE }, async (req, reply) => {
    const group = await createUserGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.userGroup.created', group.name).status(201);
    return group;
  });

  route(app, api.update, { access: WRITE }, async (req, reply) => {
    const group = await updateUserGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.userGroup.updated', group.name);
    return group;
  });

  route(app, api.delete, { access: WRITE }, async (req, reply) => {
    const group = await deleteUserGroup(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.userGroup.deleted', group.name).status(204).send();
  });
};

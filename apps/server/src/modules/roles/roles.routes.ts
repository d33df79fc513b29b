import { rolesApi as api } from '@vellum/contract';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.js';

// reading is also open to user managers: the user-group form picks a role from this list
const READ: AccessRule = { right: ['ROLE_MANAGE', 'USER_MANAGE'] };
const WRITE: AccessRule = { right: 'ROLE_MANAGE' };

export const rolesRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.list, { access: READ }, async (req) => listRoles(deps, req.query));
  route(app, api.get, { access: READ }, async (req) => getRole(deps, req.params.id));

  route(app, api.create, { access: WRITE }, async (req, reply) => {
    const role = await createRole(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.role.created', role.name).status(201);
    return role;
  });

  route(app, api.update, { access: WRITE }, async (req, reply) => {
    const role = await updateRole(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.role.updated', role.name);
    return role;
  });

  route(app, api.delete, { access: WRITE }, async (req, reply) => {
    const role = await deleteRole(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.role.deleted', role.name).status(204).send();
  });
};

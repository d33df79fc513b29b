import { idParams, roleCreateBody, roleListQuery, roleSchema, roleUpdateBody } from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.js';

// reading is also open to user managers: the user-group form picks a role from this list
const READ: AccessRule = { right: ['ROLE_MANAGE', 'USER_MANAGE'] };
const WRITE: AccessRule = { right: 'ROLE_MANAGE' };
const tags = ['roles'];

export const rolesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/roles',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Every role, with the user groups using it',
        querystring: roleListQuery,
        response: { 200: z.array(roleSchema) },
      },
    },
    async (req) => listRoles(deps, req.query),
  );

  r.get(
    '/api/roles/:id',
    { config: { access: READ }, schema: { tags, summary: 'One role', params: idParams, response: { 200: roleSchema } } },
    async (req) => getRole(deps, req.params.id),
  );

  r.post(
    '/api/roles',
    { config: { access: WRITE }, schema: { tags, summary: 'Creates a role', body: roleCreateBody, response: { 201: roleSchema } } },
    async (req, reply) => {
      const role = await createRole(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.role.created', role.name).status(201);
      return role;
    },
  );

  r.put(
    '/api/roles',
    {
      config: { access: WRITE },
      schema: { tags, summary: 'Updates a role (not a predefined one)', body: roleUpdateBody, response: { 200: roleSchema } },
    },
    async (req, reply) => {
      const role = await updateRole(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.role.updated', role.name);
      return role;
    },
  );

  r.delete(
    '/api/roles/:id',
    { config: { access: WRITE }, schema: { tags, summary: 'Deletes a role no user group uses (not a predefined one)', params: idParams } },
    async (req, reply) => {
      const role = await deleteRole(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.role.deleted', role.name).status(204).send();
    },
  );
};

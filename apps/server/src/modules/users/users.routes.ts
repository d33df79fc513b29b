import { usersApi as api } from '@vellum/contract';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

const MANAGE: AccessRule = { right: 'USER_MANAGE' };

export const usersRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.list, { access: MANAGE }, async (req, reply) => {
    const { items, total } = await listUsers(deps, req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.get, { access: MANAGE }, async (req) => getUser(deps, req.params.id));

  route(app, api.create, { access: MANAGE }, async (req, reply) => {
    const user = await createUser(deps, authOf(req), req.body, req.log);
    alert(reply, 'vellumApp.user.created', user.login).status(201);
    return user;
  });

  route(app, api.update, { access: MANAGE }, async (req, reply) => {
    const user = await updateUser(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.user.updated', user.login);
    return user;
  });

  route(app, api.delete, { access: MANAGE }, async (req, reply) => {
    const user = await deleteUser(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.user.deleted', user.login).status(204).send();
  });
};

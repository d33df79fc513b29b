import { idParams, userCreateBody, userPageQuery, userSchema, userUpdateBody } from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

const MANAGE: AccessRule = { right: 'USER_MANAGE' };
const tags = ['users'];

export const usersRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/users',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary:
          'A page of users (sort: login, email, firstName, lastName, createdDate, lastModifiedDate, activated); total in x-total-count',
        querystring: userPageQuery,
        response: { 200: z.array(userSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listUsers(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/users/:id',
    { config: { access: MANAGE }, schema: { tags, summary: 'One user', params: idParams, response: { 200: userSchema } } },
    async (req) => getUser(deps, req.params.id),
  );

  r.post(
    '/api/users',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Creates a user; without a password the user receives a mail with a link to choose one',
        body: userCreateBody,
        response: { 201: userSchema },
      },
    },
    async (req, reply) => {
      const user = await createUser(deps, authOf(req), req.body, req.log);
      alert(reply, 'vellumApp.user.created', user.login).status(201);
      return user;
    },
  );

  r.put(
    '/api/users',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Updates a user; userGroupIds replaces the groups, unlock clears a lock, deactivating ends the sessions',
        body: userUpdateBody,
        response: { 200: userSchema },
      },
    },
    async (req, reply) => {
      const user = await updateUser(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.user.updated', user.login);
      return user;
    },
  );

  r.delete(
    '/api/users/:id',
    { config: { access: MANAGE }, schema: { tags, summary: 'Deletes a user (not oneself)', params: idParams } },
    async (req, reply) => {
      const user = await deleteUser(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.user.deleted', user.login).status(204).send();
    },
  );
};

import { z } from 'zod';
import { AccessErrorKeys as E, userCreateBody, userPageQuery, userSchema, userUpdateBody } from '../access.js';
import { idParams } from '../common.js';
import { defineRoute } from './define.js';

const tags = ['users'];

/** What a user's create or update may answer beside validation: login and e-mail taken, an unknown group. */
const writeErrors = [E.loginAlreadyUsed, E.emailAlreadyUsed, E.userGroupNotFound] as const;

/** The users of the administration (USER_MANAGE). */
export const usersApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    tags,
    summary: 'A page of users (sort: login, email, firstName, lastName, createdDate, lastModifiedDate, activated); total in x-total-count',
    query: userPageQuery,
    response: { 200: z.array(userSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    tags,
    summary: 'One user',
    params: idParams,
    response: { 200: userSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    tags,
    summary: 'Creates a user; without a password the user receives a mail with a link to choose one',
    body: userCreateBody,
    response: { 201: userSchema },
    errors: [...writeErrors, E.idExists],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users',
    tags,
    summary: 'Updates a user; userGroupIds replaces the groups, unlock clears a lock, deactivating ends the sessions',
    body: userUpdateBody,
    response: { 200: userSchema },
    errors: [...writeErrors, E.selfAction],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    tags,
    summary: 'Deletes a user (not oneself)',
    params: idParams,
    errors: [E.selfAction],
  }),
};

import { z } from 'zod';
import { AccessErrorKeys as E, userGroupCreateBody, userGroupListQuery, userGroupSchema, userGroupUpdateBody } from '../access.js';
import { idParams } from '../common.js';
import { defineRoute } from './define.js';

const tags = ['user-groups'];

/** What a group's create or update may answer beside validation: its name taken, an unknown role, business unit or user. */
const writeErrors = [E.userGroupNameExists, E.roleNotFound, E.businessUnitNotFound, E.userNotFound] as const;

/** The user groups: a role given to users in business units. */
export const userGroupsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/user-groups',
    tags,
    summary: 'Every user group with its role, business units and members',
    query: userGroupListQuery,
    response: { 200: z.array(userGroupSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/user-groups/:id',
    tags,
    summary: 'One user group',
    params: idParams,
    response: { 200: userGroupSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/user-groups',
    tags,
    summary: 'Creates a user group',
    body: userGroupCreateBody,
    response: { 201: userGroupSchema },
    errors: [...writeErrors, E.idExists],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/user-groups',
    tags,
    summary: 'Updates a user group; of the super-admin group only the members may change',
    body: userGroupUpdateBody,
    response: { 200: userGroupSchema },
    errors: [...writeErrors, E.superAdminGroup, E.selfAction],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/user-groups/:id',
    tags,
    summary: 'Deletes a user group (not the super-admin group)',
    params: idParams,
    errors: [E.superAdminGroup, E.selfAction],
  }),
};

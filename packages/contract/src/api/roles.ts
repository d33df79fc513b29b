import { z } from 'zod';
import { AccessErrorKeys as E, roleCreateBody, roleListQuery, roleSchema, roleUpdateBody } from '../access.js';
import { idParams } from '../common.js';
import { defineRoute } from './define.js';

const tags = ['roles'];

/** The roles: named sets of access rights that user groups give. */
export const rolesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/roles',
    tags,
    summary: 'Every role, with the user groups using it',
    query: roleListQuery,
    response: { 200: z.array(roleSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/roles/:id',
    tags,
    summary: 'One role',
    params: idParams,
    response: { 200: roleSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/roles',
    tags,
    summary: 'Creates a role',
    body: roleCreateBody,
    response: { 201: roleSchema },
    errors: [E.roleNameExists, E.idExists],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/roles',
    tags,
    summary: 'Updates a role (not a predefined one)',
    body: roleUpdateBody,
    response: { 200: roleSchema },
    errors: [E.roleNameExists, E.predefinedRole],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/roles/:id',
    tags,
    summary: 'Deletes a role no user group uses (not a predefined one)',
    params: idParams,
    errors: [E.predefinedRole, E.roleInUse],
  }),
};

/** The catalogue of access rights a role picks from. */
export const accessRightsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/access-rights',
    tags: ['access'],
    summary: 'Every access right',
    response: { 200: z.array(z.string()) },
  }),
};

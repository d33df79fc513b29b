import { z } from 'zod';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  documentSearchAccessBody,
  documentSearchAccessQuery,
  documentSearchAccessSchema,
  RestrictedAccessErrorKeys as E,
  publicUserGroupCreateBody,
  publicUserGroupDeleteQuery,
  publicUserGroupListQuery,
  publicUserGroupSchema,
  publicUserGroupUpdateBody,
} from '../restricted-access.js';
import { defineRoute } from './define.js';

/** Who may use the restricted document search of a business unit. */
export const documentSearchAccessApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/document-search-access',
    tags: ['document-search-access'],
    summary: 'Who may use the restricted document search of a business unit',
    description: 'The e-mail addresses and the version the next PUT must name (0 before the first save).',
    query: documentSearchAccessQuery,
    response: { 200: documentSearchAccessSchema },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/document-search-access',
    tags: ['document-search-access'],
    summary: 'Replaces who may use the restricted document search of a business unit',
    description:
      'The whole list: each e-mail valid, stored trimmed, lower-case and once (at most 1,000). version is the list’s version as read (stale: 409).',
    query: documentSearchAccessQuery,
    body: documentSearchAccessBody,
    response: { 200: documentSearchAccessSchema },
  }),
};

const tags = ['public-user-groups'];

/** What a group's create or update may answer beside validation: the unit's setting, its name and its documents. */
const writeErrors = [E.publicUserGroupsDisabled, E.groupNameExists, E.documentInvalid] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a restricted user group and its documents',
  description: 'The whole group, documents included; the business unit cannot change; a stale version answers 409.',
  body: publicUserGroupUpdateBody,
  response: { 200: publicUserGroupSchema },
  errors: [...writeErrors, ErrorKeys.idMismatch],
} as const;

/** The restricted (public) user groups of a business unit and the documents they may see. */
export const publicUserGroupsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/public-user-groups',
    tags,
    summary: 'The restricted (public) user groups of a business unit',
    description:
      'document: only the groups that document is restricted to; search matches the name (case-insensitive); ' +
      'sort: name (the default), id, enabled or createdDate, asc or desc; page and size (default 2000); the total is in x-total-count.',
    query: publicUserGroupListQuery,
    response: { 200: z.array(publicUserGroupSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/public-user-groups/:id',
    tags,
    summary: 'A restricted user group',
    params: idParams,
    response: { 200: publicUserGroupSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/public-user-groups',
    tags,
    summary: 'Creates a restricted user group',
    description:
      'Only while the business unit’s publicUserGroupActive setting is on. The name is unique in the unit regardless of case; ' +
      'e-mails are stored trimmed, lower-case and once each (at most 1,000); documentIds are documents of the unit.',
    body: publicUserGroupCreateBody,
    response: { 201: publicUserGroupSchema },
    errors: [...writeErrors, ErrorKeys.idExists],
  }),
  update: defineRoute({ ...update, path: '/api/public-user-groups' }),
  updateById: defineRoute({ ...update, path: '/api/public-user-groups/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/public-user-groups/:id',
    tags,
    summary: 'Deletes a restricted user group',
    description: 'A group linked to documents is deleted (and the documents unlinked) only with unlink-documents=true.',
    params: idParams,
    query: publicUserGroupDeleteQuery,
    errors: [E.groupLinkedToDocuments],
  }),
};

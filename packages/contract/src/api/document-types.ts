import { z } from 'zod';
import { CatalogueErrorKeys } from '../catalogue-errors.js';
import { idParams } from '../common.js';
import {
  documentAttributeListBody,
  documentAttributeListQuery,
  documentAttributeListSchema,
  documentTypeCreateBody,
  documentTypeListQuery,
  documentTypeSchema,
  documentTypeUpdateBody,
  DocumentErrorKeys as E,
} from '../document-types.js';
import { DocumentRecordErrorKeys } from '../documents.js';
import { ErrorKeys } from '../errors.js';
import { defineRoute } from './define.js';

const tags = ['document-types'];

/** What a type's create or update may answer beside validation: an audience, the patient portal, its name and sort number. */
const writeErrors = [E.typeNeedsAudience, CatalogueErrorKeys.patientToggleDisabled, E.typeNameExists, E.typeSortNumberExists] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a document type',
  description: 'The business unit cannot change; a stale version answers 409.',
  body: documentTypeUpdateBody,
  response: { 200: documentTypeSchema },
  errors: [...writeErrors, ErrorKeys.idMismatch],
} as const;

/** The document types and the document attribute definitions of a business unit (spec 001 §8 "Document"). */
export const documentTypesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/document-types',
    tags,
    summary: 'The document types of a business unit',
    description:
      'search matches the name (case-insensitive); sort: name, sortNumber (the default), id or active, asc or desc; ' +
      'page and size (default 2000); the total is in x-total-count.',
    query: documentTypeListQuery,
    response: { 200: z.array(documentTypeSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/document-types/:id',
    tags,
    summary: 'A document type',
    params: idParams,
    response: { 200: documentTypeSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/document-types',
    tags,
    summary: 'Creates a document type',
    description:
      'The name (regardless of case) and the sort number are unique in the business unit; hcp or patient is required; ' +
      'the patient audience needs the patient portal.',
    body: documentTypeCreateBody,
    response: { 201: documentTypeSchema },
    errors: [...writeErrors, ErrorKeys.idExists],
  }),
  update: defineRoute({ ...update, path: '/api/document-types' }),
  updateById: defineRoute({ ...update, path: '/api/document-types/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/document-types/:id',
    tags,
    summary: 'Deletes a document type that no document uses',
    params: idParams,
    errors: [E.typeInUse],
  }),
  attributeDefinitions: defineRoute({
    method: 'GET',
    path: '/api/document-attribute-definitions',
    tags: ['document-attribute-definitions'],
    summary: 'The document attribute definitions of a business unit and the version of their list',
    query: documentAttributeListQuery,
    response: { 200: documentAttributeListSchema },
  }),
  saveAttributeDefinitions: defineRoute({
    method: 'PUT',
    path: '/api/document-attribute-definitions',
    tags: ['document-attribute-definitions'],
    summary: 'Replaces the document attribute definitions of a business unit',
    description:
      'The whole list: items without id are added, items with an id update that definition, definitions left out are removed. ' +
      'version is the list version as read (stale: 409). Names (regardless of case) and slugs are unique.',
    query: documentAttributeListQuery,
    body: documentAttributeListBody,
    response: { 200: documentAttributeListSchema },
    errors: [E.attributeDefinitionInvalid, E.attributeNameExists, E.attributeSlugExists, DocumentRecordErrorKeys.attributeValuesNotUnique],
  }),
};

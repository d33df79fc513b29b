import { idParams } from '../common.js';
import { DocumentErrorKeys } from '../document-types.js';
import {
  documentCreateBody,
  documentSchema,
  documentSearchBody,
  documentSearchPageSchema,
  documentSearchQuery,
  documentUpdateBody,
  DocumentRecordErrorKeys as E,
} from '../documents.js';
import { ErrorKeys } from '../errors.js';
import { retainedAnswerSchema } from '../retention.js';
import { defineRoute } from './define.js';

const tags = ['documents'];

/** What a document's create or update may answer beside validation: its number, its type and its values (decision 0032). */
const writeErrors = [
  E.numberExists,
  E.typeInactive,
  DocumentErrorKeys.attributeDefinitionInvalid,
  E.attributeValueExists,
  E.attributeValueRequired,
] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a document (DOCUMENT_MANAGE in its business unit)',
  description: 'The business unit cannot change; a change of type needs an active type; a stale version answers 409.',
  body: documentUpdateBody,
  response: { 200: documentSchema },
  errors: [...writeErrors, ErrorKeys.idMismatch],
} as const;

/** The documents of a business unit (spec 001 §8 "Document"). */
export const documentsApi = {
  search: defineRoute({
    method: 'POST',
    path: '/api/documents/search',
    effect: 'read',
    tags,
    summary: 'Searches the documents of a business unit',
    description:
      'Every filter given must match: number and name EXACT (equal ignoring case) or PARTIAL (contains); text is contained ' +
      'in the number, the name or an attribute value; attributes as number; documentTypeId, productId, productGroupId; ' +
      'publishState (from the current version of each file); hasFiles; orphans (no product group and no product). ' +
      'sort: number (default), name, documentType, lastModifiedDate or id. include-collections=true adds each ' +
      "document's attribute values, product groups and products.",
    query: documentSearchQuery,
    body: documentSearchBody,
    response: { 200: documentSearchPageSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/documents/:id',
    tags,
    summary: 'A document with its type, values, product groups, products and restricted groups',
    params: idParams,
    response: { 200: documentSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/documents',
    tags,
    summary: 'Creates a document (DOCUMENT_MANAGE in its business unit)',
    description:
      'The number is unique in the business unit (ignoring case); the type is an active type of the unit; values name ' +
      'definitions of the unit, every mandatory active one has a value and values of unique ones are unique; product ' +
      'groups and products are of the unit.',
    body: documentCreateBody,
    response: { 201: documentSchema },
    errors: [...writeErrors, ErrorKeys.idExists],
  }),
  update: defineRoute({ ...update, path: '/api/documents' }),
  updateById: defineRoute({ ...update, path: '/api/documents/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/documents/:id',
    tags,
    summary: 'Deletes a document (DOCUMENT_DELETE in its business unit)',
    description:
      'Refused while a file of the document has a published or scheduled version (archive the file instead); ' +
      'otherwise its files, versions and links go with it and their binaries are removed from storage (204). ' +
      'A document a publication ever held a version of is not deleted while that retention runs (decision 0070): its files are archived ' +
      'and the answer is 200 with the archive date and until when it is kept, and the alert vellumApp.document.retained (or …retainedIndefinitely).',
    params: idParams,
    response: { 200: retainedAnswerSchema },
    errors: [E.hasPublishedFiles],
  }),
};

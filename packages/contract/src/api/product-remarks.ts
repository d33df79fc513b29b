import { z } from 'zod';
import { CatalogueErrorKeys as E } from '../catalogue-errors.js';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  productRemarkCreateBody,
  productRemarkListQuery,
  productRemarkRtfSchema,
  productRemarkSchema,
  productRemarkUpdateBody,
} from '../product-remarks.js';
import { defineRoute } from './define.js';

const tags = ['product-remarks'];

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a product remark',
  description: 'The business unit cannot change; the content is sanitised; a stale version answers 409.',
  body: productRemarkUpdateBody,
  response: { 200: productRemarkSchema },
  errors: [E.productRemarkNameExists, ErrorKeys.idMismatch],
} as const;

/** The product remarks of a business unit, shown with the product groups they are linked to (decision 0011). */
export const productRemarksApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/product-remarks',
    tags,
    summary: 'The product remarks of a business unit, by visualisation order, then name',
    description: 'search matches the name (case-insensitive); the total is in x-total-count.',
    query: productRemarkListQuery,
    response: { 200: z.array(productRemarkSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/product-remarks/:id',
    tags,
    summary: 'A product remark',
    params: idParams,
    response: { 200: productRemarkSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/product-remarks',
    tags,
    summary: 'Creates a product remark',
    description: 'The name is unique in the business unit (error.productRemark.nameExists); the content is sanitised rich text.',
    body: productRemarkCreateBody,
    response: { 201: productRemarkSchema },
    errors: [E.productRemarkNameExists],
  }),
  update: defineRoute({ ...update, path: '/api/product-remarks' }),
  updateById: defineRoute({ ...update, path: '/api/product-remarks/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/product-remarks/:id',
    tags,
    summary: 'Deletes a product remark and its links to product groups',
    params: idParams,
  }),
  uploadRtf: defineRoute({
    method: 'POST',
    path: '/api/product-remarks/:id/rtf',
    tags,
    summary: 'Uploads a rich-text document as the content of a product remark',
    description:
      'multipart/form-data with one HTML (text/html) or plain-text (text/plain) document in the field `file`, at most 1 MB. ' +
      'The original is kept in the file store (cloudStorageObjectKey); its sanitised HTML becomes the content. ' +
      'Other content types answer 415 error.unsupportedContentType.',
    params: idParams,
    response: { 200: productRemarkRtfSchema },
    errors: [ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge],
  }),
};

import { z } from 'zod';
import { CatalogueErrorKeys as E } from '../catalogue-errors.js';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  productGroupCreateBody,
  productGroupDeleteQuery,
  productGroupListItemSchema,
  productGroupListQuery,
  productGroupSchema,
  productGroupUpdateBody,
} from '../product-groups.js';
import { defineRoute } from './define.js';

const tags = ['product-groups'];

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a product group (name, products, remarks)',
  description: 'The product type cannot change (error.productGroup.productTypeCannotChange); a stale version answers 409.',
  body: productGroupUpdateBody,
  response: { 200: productGroupSchema },
  errors: [E.productGroupNameExists, E.productGroupTypeCannotChange, E.productGroupProductTypeMismatch, ErrorKeys.idMismatch],
} as const;

/** The product groups of a product type (decision 0011). */
export const productGroupsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/product-groups',
    tags,
    summary: 'The product groups of a product type or a business unit',
    description:
      'product-type or business-unit is required (with both, only groups matching both). orphans-only=true: only groups without ' +
      'products. search matches the name; sort: name, id or productCount; the total is in x-total-count.',
    query: productGroupListQuery,
    response: { 200: z.array(productGroupListItemSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/product-groups/:id',
    tags,
    summary: 'A product group with its products and remarks',
    params: idParams,
    response: { 200: productGroupSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/product-groups',
    tags,
    summary: 'Creates a product group of a product type',
    description:
      'The name is unique within the product type regardless of case; an unknown product type answers ' +
      '400 error.productGroup.productTypeRequired; every product must be of the type (error.productGroup.productTypeMismatch); ' +
      'every remark must belong to the same business unit.',
    body: productGroupCreateBody,
    response: { 201: productGroupSchema },
    errors: [E.productGroupNameExists, E.productGroupTypeRequired, E.productGroupProductTypeMismatch],
  }),
  update: defineRoute({ ...update, path: '/api/product-groups' }),
  updateById: defineRoute({ ...update, path: '/api/product-groups/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/product-groups/:id',
    tags,
    summary: 'Deletes a product group',
    description:
      'delete-type=NONE (default): the group only. delete-type=ORPHANED_PRODUCTS: also its products that belong to no other ' +
      'group (and the lot ranges they leave without products), in the same transaction.',
    params: idParams,
    query: productGroupDeleteQuery,
  }),
};

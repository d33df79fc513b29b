import { z } from 'zod';
import { CatalogueErrorKeys as E } from '../catalogue-errors.js';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import { lotRangeReviewSchema, reviewLotRangesQuery } from '../lot-ranges.js';
import {
  productCreateBody,
  productSchema,
  productSearchBody,
  productSearchPageSchema,
  productSearchQuery,
  productUpdateBody,
} from '../products.js';
import { defineRoute } from './define.js';

const tags = ['products'];

/** What a product's create or update may answer beside validation: its own rules, its values' and its lot ranges'. */
const writeErrors = [
  E.keyCodeExists,
  E.attributeValueNotUnique,
  E.productGroupTypeMismatch,
  E.onlyLotNumbersLinkable,
  E.attributeDefinitionInvalid,
  E.attributeValueEmpty,
  E.attributeValueNotString,
  E.attributeValueTooLong,
  E.mandatoryAttributeMissing,
  E.lotRangeNotAnObject,
  E.lotRangeMissingId,
  E.lotRangeMissingName,
  E.lotRangeMissingNumbers,
  E.lotRangeNumberInvalid,
  E.lotRangeNumberTooLong,
  E.lotRangeProductTypeMismatch,
  E.lotNumbersDisabled,
  E.lotRangeNameTaken,
  E.lotRangeDuplicateName,
] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a product (PRODUCT_MANAGE in its business unit)',
  description: 'The product type cannot change; a stale version answers 409.',
  body: productUpdateBody,
  response: { 200: productSchema },
  errors: [...writeErrors, E.productTypeCannotChange, ErrorKeys.idMismatch],
} as const;

/** The products of the catalogue (spec 001 §7 "Products"). */
export const productsApi = {
  search: defineRoute({
    method: 'POST',
    path: '/api/products/search',
    effect: 'read',
    tags,
    summary: 'Searches products of a product type, of a business unit, or of every business unit',
    description:
      'With `product-type` or `business-unit`: PRODUCT_READ or PRODUCT_MANAGE in that unit. With neither the search spans ' +
      'every business unit and needs PRODUCT_SEARCH_ADMIN globally. Every filter given must match: `keyCode` and ' +
      '`attributes` EXACT (equal ignoring case) or PARTIAL (contains, ignoring case); `text` is contained in the key code ' +
      'or any attribute value; `orphans` keeps products in no product group. sort: keyCode (default), publishDate, ' +
      'createdDate, lastModifiedDate, id or attribute.{definitionId}.',
    query: productSearchQuery,
    body: productSearchBody,
    response: { 200: productSearchPageSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/products/:id',
    tags,
    summary: 'A product with its values, product groups and lot ranges',
    params: idParams,
    response: { 200: productSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/products',
    tags,
    summary: 'Creates a product of a product type (PRODUCT_MANAGE in its business unit)',
    description:
      'The key code is unique in the business unit (ignoring case); values name active STRING attributes of the type; ' +
      'lot ranges are created or linked as the type allows (see the lot-range rules).',
    body: productCreateBody,
    response: { 201: productSchema },
    errors: writeErrors,
  }),
  update: defineRoute({ ...update, path: '/api/products' }),
  updateById: defineRoute({ ...update, path: '/api/products/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/products/:id',
    tags,
    summary: 'Deletes a product (PRODUCT_DELETE in its business unit)',
    description: 'Lot ranges left without products are deleted with it, unless they apply to all products of the type.',
    params: idParams,
  }),
  // the lot ranges of a unit or a product type, read through the products' scope (decision 0010)
  reviewLotRanges: defineRoute({
    method: 'GET',
    path: '/api/products/review-lot-ranges',
    tags: ['lot-ranges'],
    summary: 'The lot ranges of a business unit or a product type, with the products linked to them',
    description:
      'One of `business-unit` or `product-type` is required (PRODUCT_READ or PRODUCT_MANAGE in its unit); ' +
      '`archived=true` lists the archived ranges (archive date reached), `archived=false` the current ones.',
    query: reviewLotRangesQuery,
    response: { 200: z.array(lotRangeReviewSchema) },
  }),
};

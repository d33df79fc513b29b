import {
  idParams,
  lotRangeReviewSchema,
  productCreateBody,
  productSchema,
  productSearchBody,
  productSearchPageSchema,
  productSearchQuery,
  productUpdateBody,
  reviewLotRangesQuery,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { reviewLotRanges } from '../lot-ranges/lot-ranges.service.js';
import { productSearchUnit, unitOfBodyProductType, unitOfProduct, unitOfProductScope } from './products.access.js';
import { createProduct, deleteProduct, getProduct, searchProducts, updateProduct } from './products.service.js';

const tags = ['products'];
const UPDATED = 'vellumApp.product.updated';

export const productsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const db = () => deps.db;

  // scoped: PRODUCT_READ or PRODUCT_MANAGE in the unit; unscoped: PRODUCT_SEARCH_ADMIN in unit 0 (the resolver checks it)
  const SEARCH: AccessRule = { right: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_SEARCH_ADMIN'], unit: productSearchUnit(db) };
  const READ: AccessRule = { right: ['PRODUCT_READ', 'PRODUCT_MANAGE'], unit: unitOfProduct(db, 'param') };

  r.post(
    '/api/products/search',
    {
      config: { access: SEARCH },
      schema: {
        tags,
        summary: 'Searches products of a product type, of a business unit, or of every business unit',
        description:
          'With `product-type` or `business-unit`: PRODUCT_READ or PRODUCT_MANAGE in that unit. With neither the search spans ' +
          'every business unit and needs PRODUCT_SEARCH_ADMIN globally. Every filter given must match: `keyCode` and ' +
          '`attributes` EXACT (equal ignoring case) or PARTIAL (contains, ignoring case); `text` is contained in the key code ' +
          'or any attribute value; `orphans` keeps products in no product group. sort: keyCode (default), publishDate, ' +
          'createdDate, lastModifiedDate, id or attribute.{definitionId}.',
        querystring: productSearchQuery,
        body: productSearchBody,
        response: { 200: productSearchPageSchema },
      },
    },
    (req) => searchProducts(deps, req.query, req.body),
  );

  r.get(
    '/api/products/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'A product with its values, product groups and lot ranges',
        params: idParams,
        response: { 200: productSchema },
      },
    },
    (req) => getProduct(deps, req.params.id),
  );

  r.post(
    '/api/products',
    {
      config: { access: { right: 'PRODUCT_MANAGE', unit: unitOfBodyProductType(db) } },
      schema: {
        tags,
        summary: 'Creates a product of a product type (PRODUCT_MANAGE in its business unit)',
        description:
          'The key code is unique in the business unit (ignoring case); values name active STRING attributes of the type; ' +
          'lot ranges are created or linked as the type allows (see the lot-range rules).',
        body: productCreateBody,
        response: { 201: productSchema },
      },
    },
    async (req, reply) => {
      const product = await createProduct(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.product.created', product.keyCode).status(201);
      return product;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a product (PRODUCT_MANAGE in its business unit)',
    description: 'The product type cannot change; a stale version answers 409.',
    body: productUpdateBody,
    response: { 200: productSchema },
  };
  r.put(
    '/api/products',
    { config: { access: { right: 'PRODUCT_MANAGE', unit: unitOfProduct(db, 'body') } }, schema: updateSchema },
    async (req, reply) => {
      const product = await updateProduct(deps, authOf(req), req.body);
      alert(reply, UPDATED, product.keyCode);
      return product;
    },
  );
  r.put(
    '/api/products/:id',
    { config: { access: { right: 'PRODUCT_MANAGE', unit: unitOfProduct(db, 'param') } }, schema: { ...updateSchema, params: idParams } },
    async (req, reply) => {
      const product = await updateProduct(deps, authOf(req), req.body, req.params.id);
      alert(reply, UPDATED, product.keyCode);
      return product;
    },
  );

  r.delete(
    '/api/products/:id',
    {
      config: { access: { right: 'PRODUCT_DELETE', unit: unitOfProduct(db, 'param') } },
      schema: {
        tags,
        summary: 'Deletes a product (PRODUCT_DELETE in its business unit)',
        description: 'Lot ranges left without products are deleted with it, unless they apply to all products of the type.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const product = await deleteProduct(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.product.deleted', product.keyCode).status(204).send();
    },
  );

  // the lot ranges of a unit or a product type, read through the products' scope (decision 0010)
  r.get(
    '/api/products/review-lot-ranges',
    {
      config: { access: { right: ['PRODUCT_READ', 'PRODUCT_MANAGE'], unit: unitOfProductScope(db) } },
      schema: {
        tags: ['lot-ranges'],
        summary: 'The lot ranges of a business unit or a product type, with the products linked to them',
        description:
          'One of `business-unit` or `product-type` is required (PRODUCT_READ or PRODUCT_MANAGE in its unit); ' +
          '`archived=true` lists the archived ranges (archive date reached), `archived=false` the current ones.',
        querystring: reviewLotRangesQuery,
        response: { 200: z.array(lotRangeReviewSchema) },
      },
    },
    (req) => reviewLotRanges(deps, req.query),
  );
};

import {
  idParams,
  productGroupCreateBody,
  productGroupDeleteQuery,
  productGroupListItemSchema,
  productGroupListQuery,
  productGroupSchema,
  productGroupUpdateBody,
} from '@vellum/contract';
import { z } from 'zod';
import {
  type AccessRule,
  authOf,
  idIn,
  optionalIdIn,
  UnitNotNamed,
  type UnitResolver,
  unitOfEntity,
  unitOfEntityInPathOrBody,
} from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import {
  createProductGroup,
  deleteProductGroup,
  getProductGroup,
  listProductGroups,
  unitOfListQuery,
  unitOfProductGroup,
  unitOfProductType,
  updateProductGroup,
} from './product-groups.service.js';

const tags = ['product-groups'];
const READ_RIGHTS = ['PRODUCT_READ', 'PRODUCT_MANAGE'] as const;
const UPDATED = 'vellumApp.productGroup.updated';

export const productGroupsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const ofGroup = unitOfEntity(() => deps.db, 'productGroup', unitOfProductGroup);
  /** Updates: the unit of the stored group that the path, or else the body, names. */
  const ofUpdatedGroup = unitOfEntityInPathOrBody(() => deps.db, 'productGroup', unitOfProductGroup);
  /** Creation: the unit of the body's product type. */
  const ofBodyProductType: UnitResolver = (req) => unitOfProductType(deps, idIn(req.body, 'productTypeId'));
  /** Lists: the unit of the product-type query, or else the business-unit query. */
  const ofListQuery: UnitResolver = async (req) => {
    const scope = { 'product-type': optionalIdIn(req.query, 'product-type'), 'business-unit': optionalIdIn(req.query, 'business-unit') };
    const unit = await unitOfListQuery(deps, scope);
    if (unit === undefined) throw new UnitNotNamed(); // the query requires a scope: validation answers
    return unit;
  };
  const update: AccessRule = { right: 'PRODUCT_MANAGE', unit: ofUpdatedGroup };

  r.get(
    '/api/product-groups',
    {
      config: { access: { right: [...READ_RIGHTS], unit: ofListQuery } },
      schema: {
        tags,
        summary: 'The product groups of a product type or a business unit',
        description:
          'product-type or business-unit is required (with both, only groups matching both). orphans-only=true: only groups without ' +
          'products. search matches the name; sort: name, id or productCount; the total is in x-total-count.',
        querystring: productGroupListQuery,
        response: { 200: z.array(productGroupListItemSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listProductGroups(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/product-groups/:id',
    {
      config: { access: { right: [...READ_RIGHTS], unit: ofGroup } },
      schema: { tags, summary: 'A product group with its products and remarks', params: idParams, response: { 200: productGroupSchema } },
    },
    (req) => getProductGroup(deps, req.params.id),
  );

  r.post(
    '/api/product-groups',
    {
      config: { access: { right: 'PRODUCT_MANAGE', unit: ofBodyProductType } },
      schema: {
        tags,
        summary: 'Creates a product group of a product type',
        description:
          'The name is unique within the product type regardless of case; an unknown product type answers ' +
          '400 error.productGroup.productTypeRequired; every product must be of the type (error.productGroup.productTypeMismatch); ' +
          'every remark must belong to the same business unit.',
        body: productGroupCreateBody,
        response: { 201: productGroupSchema },
      },
    },
    async (req, reply) => {
      const group = await createProductGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.productGroup.created', group.name).status(201);
      return group;
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a product group (name, products, remarks)',
    description: 'The product type cannot change (error.productGroup.productTypeCannotChange); a stale version answers 409.',
    body: productGroupUpdateBody,
    response: { 200: productGroupSchema },
  };
  r.put('/api/product-groups', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const group = await updateProductGroup(deps, authOf(req), req.body);
    alert(reply, UPDATED, group.name);
    return group;
  });
  r.put('/api/product-groups/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const group = await updateProductGroup(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, group.name);
    return group;
  });

  r.delete(
    '/api/product-groups/:id',
    {
      config: { access: { right: 'PRODUCT_DELETE', unit: ofGroup } },
      schema: {
        tags,
        summary: 'Deletes a product group',
        description:
          'delete-type=NONE (default): the group only. delete-type=ORPHANED_PRODUCTS: also its products that belong to no other ' +
          'group (and the lot ranges they leave without products), in the same transaction.',
        params: idParams,
        querystring: productGroupDeleteQuery,
      },
    },
    async (req, reply) => {
      const { group } = await deleteProductGroup(deps, authOf(req), req.params.id, req.query['delete-type']);
      return alert(reply, 'vellumApp.productGroup.deleted', group.name).status(204).send();
    },
  );
};

import { productGroupsApi as api } from '@vellum/contract';
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
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
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

const READ_RIGHTS = ['PRODUCT_READ', 'PRODUCT_MANAGE'] as const;
const UPDATED = 'vellumApp.productGroup.updated';

export const productGroupsRoutes: RoutesPlugin = async (app) => {
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

  route(app, api.list, { access: { right: [...READ_RIGHTS], unit: ofListQuery } }, async (req, reply) => {
    const { items, total } = await listProductGroups(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.get, { access: { right: [...READ_RIGHTS], unit: ofGroup } }, (req) => getProductGroup(deps, req.params.id));

  route(app, api.create, { access: { right: 'PRODUCT_MANAGE', unit: ofBodyProductType } }, async (req, reply) => {
    const group = await createProductGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.productGroup.created', group.name).status(201);
    return group;
  });

  route(app, api.update, { access: update }, async (req, reply) => {
    const group = await updateProductGroup(deps, authOf(req), req.body);
    alert(reply, UPDATED, group.name);
    return group;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const group = await updateProductGroup(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, group.name);
    return group;
  });

  route(app, api.delete, { access: { right: 'PRODUCT_DELETE', unit: ofGroup } }, async (req, reply) => {
    const { group } = await deleteProductGroup(deps, authOf(req), req.params.id, req.query['delete-type']);
    return alert(reply, 'vellumApp.productGroup.deleted', group.name).status(204).send();
  });
};

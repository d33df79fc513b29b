import { productsApi as api } from '@vellum/contract';
import type { AccessRule } from '../../platform/access.js';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { reviewLotRanges } from '../lot-ranges/lot-ranges.service.js';
import { productSearchUnit, unitOfBodyProductType, unitOfProduct, unitOfProductScope } from './products.access.js';
import { createProduct, deleteProduct, getProduct, searchProducts, updateProduct } from './products.service.js';

const UPDATED = 'vellumApp.product.updated';

export const productsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const db = () => deps.db;

  // scoped: PRODUCT_READ or PRODUCT_MANAGE in the unit; unscoped: PRODUCT_SEARCH_ADMIN in unit 0 (the resolver checks it)
  const SEARCH: AccessRule = { right: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_SEARCH_ADMIN'], unit: productSearchUnit(db) };
  const READ: AccessRule = { right: ['PRODUCT_READ', 'PRODUCT_MANAGE'], unit: unitOfProduct(db, 'param') };

  route(app, api.search, { access: SEARCH }, (req) => searchProducts(deps, req.query, req.body));
  route(app, api.get, { access: READ }, (req) => getProduct(deps, req.params.id));

  route(app, api.create, { access: { right: 'PRODUCT_MANAGE', unit: unitOfBodyProductType(db) } }, async (req, reply) => {
    const product = await createProduct(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.product.created', product.keyCode).status(201);
    return product;
  });

  route(app, api.update, { access: { right: 'PRODUCT_MANAGE', unit: unitOfProduct(db, 'body') } }, async (req, reply) => {
    const product = await updateProduct(deps, authOf(req), req.body);
    alert(reply, UPDATED, product.keyCode);
    return product;
  });
  route(app, api.updateById, { access: { right: 'PRODUCT_MANAGE', unit: unitOfProduct(db, 'param') } }, async (req, reply) => {
    const product = await updateProduct(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, product.keyCode);
    return product;
  });

  route(app, api.delete, { access: { right: 'PRODUCT_DELETE', unit: unitOfProduct(db, 'param') } }, async (req, reply) => {
    const product = await deleteProduct(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.product.deleted', product.keyCode).status(204).send();
  });

  // the lot ranges of a unit or a product type, read through the products' scope (decision 0010)
  route(app, api.reviewLotRanges, { access: { right: ['PRODUCT_READ', 'PRODUCT_MANAGE'], unit: unitOfProductScope(db) } }, (req) =>
    reviewLotRanges(deps, req.query),
  );
};

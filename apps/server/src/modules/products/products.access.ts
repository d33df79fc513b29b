import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { idIn, optionalIdIn, requireRight, UnitNotNamed, type UnitResolver } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { findProductType, productUnitOf } from './products.repo.js';

/**
 * Business-unit resolvers of the product routes (platform/access.ts): each answers the unit the
 * route's declared right is checked in, or 404 when the entity it names does not exist.
 */

/**
 * Units of product types read recently. A product type never changes its unit, so a search (the
 * busiest product call) skips a round trip; a deletion forgets its entry in this process at once,
 * and an entry lives a minute at most, so another process answers a deleted type's search as an
 * empty one (in the same unit, under the same right) for that minute instead of 404.
 */
const typeUnits = new Map<number, { unit: number; until: number }>();
const TYPE_UNIT_TTL_MS = 60_000;
const TYPE_UNITS_MAX = 10_000;

export function forgetProductTypeUnit(id: number): void {
  typeUnits.delete(id);
}

/** Forgets every held unit (a test file's fresh database reuses the product type ids of the one before). */
export function clearProductTypeUnits(): void {
  typeUnits.clear();
}

/** The unit of a product type; 404 when it does not exist. */
async function unitOfProductType(db: DbOrTx, id: number): Promise<number> {
  const known = typeUnits.get(id);
  if (known && known.until > Date.now()) return known.unit;
  const type = await findProductType(db, id);
  if (!type) throw notFound('productType');
  if (typeUnits.size >= TYPE_UNITS_MAX) typeUnits.clear();
  typeUnits.set(id, { unit: type.businessUnitId, until: Date.now() + TYPE_UNIT_TTL_MS });
  return type.businessUnitId;
}

/** The unit of the product type a create names; global product types (unit 0) hold no products. */
export const unitOfBodyProductType =
  (db: () => DbOrTx): UnitResolver =>
  async (req) => {
    const unit = await unitOfProductType(db(), idIn(req.body, 'productTypeId'));
    if (unit === GLOBAL_BUSINESS_UNIT_ID) throw notFound('productType');
    return unit;
  };

/** The unit of the product named by the path id (`param`) or by the body's id. */
export const unitOfProduct =
  (db: () => DbOrTx, from: 'param' | 'body'): UnitResolver =>
  async (req) => {
    const unit = await productUnitOf(db(), idIn(from === 'param' ? req.params : req.body, 'id'));
    if (unit === undefined) throw notFound('product');
    return unit;
  };

/** `product-type` (its unit), else `business-unit`; undefined when the query names neither. */
async function unitOfScope(db: DbOrTx, req: FastifyRequest): Promise<number | undefined> {
  const typeId = optionalIdIn(req.query, 'product-type');
  if (typeId !== undefined) return unitOfProductType(db, typeId);
  return optionalIdIn(req.query, 'business-unit');
}

/** review-lot-ranges: the unit of `product-type`, else `business-unit` (the query requires one). */
export const unitOfProductScope =
  (db: () => DbOrTx): UnitResolver =>
  async (req) => {
    const unit = await unitOfScope(db(), req);
    if (unit === undefined) throw new UnitNotNamed(); // the query requires a scope: validation answers
    return unit;
  };

/**
 * POST api/products/search: scoped by `product-type` or `business-unit`, the right is checked in
 * that unit; without either the search spans every business unit and needs PRODUCT_SEARCH_ADMIN
 * in the global unit 0 (checked here, before the route's own list is checked in unit 0).
 */
export const productSearchUnit =
  (db: () => DbOrTx): UnitResolver =>
  async (req) => {
    const unit = await unitOfScope(db(), req);
    if (unit !== undefined) return unit;
    requireRight(req.auth, 'PRODUCT_SEARCH_ADMIN', GLOBAL_BUSINESS_UNIT_ID);
    return GLOBAL_BUSINESS_UNIT_ID;
  };

import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { productTypePaths } from '../../paths/productTypes';

/** Where a product-type configuration lives: a business unit's backend configuration, or the global types. */
export interface ProductTypeScope {
  businessUnitId: number;
  /** The list's path; `new` and `{id}` below it. */
  basePath: string;
  global: boolean;
}

export function scopeOf(businessUnitId: number): ProductTypeScope {
  if (businessUnitId === GLOBAL_BUSINESS_UNIT_ID) {
    return { businessUnitId, basePath: productTypePaths.global(), global: true };
  }
  return { businessUnitId, basePath: productTypePaths.configuration(businessUnitId), global: false };
}

import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';

/** Where a product-type configuration lives: a business unit's backend configuration, or the global types. */
export interface ProductTypeScope {
  businessUnitId: number;
  /** The list's path; `new` and `{id}` below it. */
  basePath: string;
  global: boolean;
}

export const GLOBAL_PRODUCT_TYPES_PATH = '/general-settings/manufacturer-product-type';

export const configurationPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/backend-configuration/product-type`;

/** The product types of a business unit (cards). */
export const productTypesPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/product-types`;

/** A product type's product management (its products). */
export const productManagementPath = (businessUnitId: number, productTypeId: number) =>
  `${productTypesPath(businessUnitId)}/${productTypeId}/product-management/products`;

export function scopeOf(businessUnitId: number): ProductTypeScope {
  if (businessUnitId === GLOBAL_BUSINESS_UNIT_ID) {
    return { businessUnitId, basePath: GLOBAL_PRODUCT_TYPES_PATH, global: true };
  }
  return { businessUnitId, basePath: configurationPath(businessUnitId), global: false };
}

import type { RouteDecl } from './define.js';
import { lotRangesApi } from './lot-ranges.js';
import { productGroupsApi } from './product-groups.js';
import { productRemarksApi } from './product-remarks.js';
import { productTypesApi } from './product-types.js';
import { productsApi } from './products.js';
import { referenceDataApi } from './reference-data.js';

export * from './define.js';
export * from './lot-ranges.js';
export * from './product-groups.js';
export * from './product-remarks.js';
export * from './product-types.js';
export * from './products.js';
export * from './reference-data.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  products: productsApi,
  productTypes: productTypesApi,
  productGroups: productGroupsApi,
  lotRanges: lotRangesApi,
  productRemarks: productRemarksApi,
  referenceData: referenceDataApi,
};

import { businessUnitsApi } from './business-units.js';
import type { RouteDecl } from './define.js';
import { manufacturerApi } from './manufacturer.js';
import { productsApi } from './products.js';

export * from './business-units.js';
export * from './define.js';
export * from './manufacturer.js';
export * from './products.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  products: productsApi,
  businessUnits: businessUnitsApi,
  manufacturer: manufacturerApi,
};

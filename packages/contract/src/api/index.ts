import { businessUnitsApi } from './business-units.js';
import type { RouteDecl } from './define.js';
import { manufacturerApi } from './manufacturer.js';
import { productsApi } from './products.js';
import { languageGroupsApi, languagesApi, regionsApi } from './regions-languages.js';

export * from './business-units.js';
export * from './define.js';
export * from './manufacturer.js';
export * from './products.js';
export * from './regions-languages.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  products: productsApi,
  businessUnits: businessUnitsApi,
  manufacturer: manufacturerApi,
  // the two kinds of unit languages and of regions, each kind its own routes (decision 0023)
  interfaceLanguages: languagesApi.interface,
  documentLanguages: languagesApi.document,
  languageGroups: languageGroupsApi,
  interfaceRegions: regionsApi.interface,
  documentRegions: regionsApi.document,
};

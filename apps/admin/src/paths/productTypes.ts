import { pathTo } from '../platform/paths';

/** The addresses of product types: a unit's cards, its configuration (list, new, one type) and the global types. */
export const productTypePatterns = {
  cards: '/my-business-units/:businessUnitId/product-types',
  card: '/my-business-units/:businessUnitId/product-types/:productTypeId',
  configuration: '/my-business-units/:businessUnitId/backend-configuration/product-type',
  global: '/general-settings/manufacturer-product-type',
} as const;

export const productTypePaths = {
  cards: (businessUnitId: number) => pathTo(productTypePatterns.cards, { businessUnitId }),
  configuration: (businessUnitId: number) => pathTo(productTypePatterns.configuration, { businessUnitId }),
  global: () => productTypePatterns.global,
};

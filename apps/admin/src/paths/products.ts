import { pathTo } from '../platform/paths';

/** The addresses of products and product groups: a product type's product management, and a unit's across its types. */
export const productPatterns = {
  management: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management',
  list: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/products',
  edit: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/products/:productId',
  groups: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/product-groups',
  group: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/product-groups/:productGroupId',
  /** Every product type of a business unit at once (query orphans=true or state=…): what the unit's home tiles open. */
  unitManagement: '/my-business-units/:businessUnitId/product-management',
  unitList: '/my-business-units/:businessUnitId/product-management/products',
  unitGroups: '/my-business-units/:businessUnitId/product-management/product-groups',
} as const;

type Id = number | 'new';

export const productPaths = {
  management: (businessUnitId: number, productTypeId: number) => pathTo(productPatterns.management, { businessUnitId, productTypeId }),
  list: (businessUnitId: number, productTypeId: number) => pathTo(productPatterns.list, { businessUnitId, productTypeId }),
  edit: (businessUnitId: number, productTypeId: number, productId: Id) =>
    pathTo(productPatterns.edit, { businessUnitId, productTypeId, productId }),
  groups: (businessUnitId: number, productTypeId: number) => pathTo(productPatterns.groups, { businessUnitId, productTypeId }),
  group: (businessUnitId: number, productTypeId: number, productGroupId: Id) =>
    pathTo(productPatterns.group, { businessUnitId, productTypeId, productGroupId }),
  unitList: (businessUnitId: number) => pathTo(productPatterns.unitList, { businessUnitId }),
  unitGroups: (businessUnitId: number) => pathTo(productPatterns.unitGroups, { businessUnitId }),
};

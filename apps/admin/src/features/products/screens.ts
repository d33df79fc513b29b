import { productPatterns } from '../../paths/products';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Products and product groups: read with a product right, changed as each page checks. */
export const productScreens = defineScreens([
  {
    path: `${productPatterns.management}/*`,
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./ProductManagementRoutes'), 'ProductManagementRoutes'),
  },
  // every product type of the unit at once (the home tiles: orphans, unpublished, scheduled)
  {
    path: `${productPatterns.unitManagement}/*`,
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./UnitProductManagementRoutes'), 'UnitProductManagementRoutes'),
  },
]);

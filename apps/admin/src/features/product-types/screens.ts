import { productTypePatterns } from '../../paths/productTypes';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

const routes = () => import('./ProductTypeRoutes');

/** Product types (document 001 section 2): read with any product right, changed with PRODUCT_TYPE_MANAGE. */
export const productTypeScreens = defineScreens([
  {
    path: productTypePatterns.cards,
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./ProductTypesPage'), 'ProductTypesPage'),
    menu: [{ menu: 'top-bar', id: 'product-types', labelKey: 'shell.menu.productTypes', order: 10 }],
  },
  { path: productTypePatterns.card, redirect: 'product-management/products', breadcrumb: 'product-type' },
  {
    path: `${productTypePatterns.configuration}/*`,
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(routes, 'BusinessUnitProductTypeRoutes'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'product-type',
        labelKey: 'shell.menu.productTypeConfiguration',
        order: 10,
        rights: ['PRODUCT_TYPE_MANAGE'],
      },
    ],
  },
  {
    path: `${productTypePatterns.global}/*`,
    rights: ['PRODUCT_TYPE_MANAGE', 'PRODUCT_READ', 'PRODUCT_MANAGE'],
    page: lazyPage(routes, 'GlobalProductTypeRoutes'),
    // document 000 section 6: only while global search is on
    menu: [
      {
        menu: 'general-settings',
        section: 'global-search',
        id: 'manufacturer-product-type',
        labelKey: 'shell.menu.globalProductTypes',
        order: 10,
        rights: ['PRODUCT_TYPE_MANAGE'],
        when: (f) => f.globalSearch,
      },
    ],
  },
]);

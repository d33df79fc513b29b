import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const productSearchScreens = defineScreens([
  {
    path: '/general-settings/product-search',
    rights: ['PRODUCT_SEARCH_ADMIN'],
    page: lazyPage(() => import('./ProductSearchPage'), 'ProductSearchPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'product-search',
        labelKey: 'shell.menu.productSearch',
        order: 30,
      },
    ],
  },
]);

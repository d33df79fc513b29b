import { remarkPatterns } from '../../paths/productRemarks';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const productRemarkScreens = defineScreens([
  {
    path: `${remarkPatterns.list}/*`,
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_REMARK_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./RemarksRoutes'), 'RemarksRoutes'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'product-remark',
        labelKey: 'shell.menu.productRemarks',
        order: 20,
        rights: ['PRODUCT_REMARK_MANAGE'],
      },
    ],
  },
]);

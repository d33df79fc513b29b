import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const lotRangeScreens = defineScreens([
  // archived data: lot ranges, for product users
  {
    path: '/my-business-units/:businessUnitId/administration/archived-data-lot-ranges',
    rights: ['PRODUCT_READ', 'PRODUCT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./ArchivedLotRangesPage'), 'ArchivedLotRangesPage'),
    menu: [{ menu: 'administration', id: 'archived-data-lot-ranges', labelKey: 'shell.menu.archivedLotRanges', order: 30 }],
  },
]);

import { businessUnitPatterns } from '../../paths/businessUnits';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const businessUnitScreens = defineScreens([
  { path: businessUnitPatterns.mine, page: lazyPage(() => import('./MyBusinessUnitsPage'), 'MyBusinessUnitsPage'), breadcrumb: 'home' },
  {
    path: businessUnitPatterns.home,
    page: lazyPage(() => import('./BusinessUnitHomePage'), 'BusinessUnitHomePage'),
    breadcrumb: 'business-unit',
  },
  {
    path: `${businessUnitPatterns.settings}/*`,
    rights: ['BUSINESS_UNIT_CREATE', 'BUSINESS_UNIT_UPDATE', 'BUSINESS_UNIT_DELETE'],
    page: lazyPage(() => import('./BusinessUnitSettingsRoutes'), 'BusinessUnitSettingsRoutes'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'business-units',
        labelKey: 'shell.menu.businessUnits',
        order: 10,
      },
    ],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

const layout = () => import('./LayoutPage');

/** The public website's layout and content, of a unit and manufacturer-wide. */
export const websiteLayoutScreens = defineScreens([
  {
    path: '/my-business-units/:businessUnitId/website-configuration/layout',
    rights: ['LAYOUT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(layout, 'LayoutPage'),
    menu: [{ menu: 'website-configuration', id: 'layout', labelKey: 'shell.menu.layout', order: 40 }],
  },
  {
    path: '/my-business-units/:businessUnitId/website-configuration/public-resources',
    rights: ['LAYOUT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./PublicResourcesPage'), 'PublicResourcesPage'),
    menu: [{ menu: 'website-configuration', id: 'public-resources', labelKey: 'shell.menu.publicResources', order: 50 }],
  },
  {
    path: '/general-settings/manufacturer-layout',
    rights: ['LAYOUT_MANAGE'],
    page: lazyPage(layout, 'ManufacturerLayoutPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-website',
        id: 'manufacturer-layout',
        labelKey: 'shell.menu.manufacturerLayout',
        order: 40,
      },
    ],
  },
]);

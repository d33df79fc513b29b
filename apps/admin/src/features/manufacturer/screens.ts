import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const manufacturerScreens = defineScreens([
  {
    path: '/general-settings/manufacturer-settings',
    rights: ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ'],
    page: lazyPage(() => import('./ManufacturerSettingsPage'), 'ManufacturerSettingsPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'manufacturer-settings',
        labelKey: 'shell.menu.manufacturerSettings',
        order: 20,
      },
    ],
  },
]);

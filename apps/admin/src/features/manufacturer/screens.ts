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
  {
    path: '/general-settings/manufacturer-sso-settings',
    rights: ['MANUFACTURER_SSO_MANAGE'],
    page: lazyPage(() => import('./SsoSettingsPage'), 'SsoSettingsPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'manufacturer-sso-settings',
        labelKey: 'shell.menu.manufacturerSsoSettings',
        order: 21,
      },
    ],
  },
]);

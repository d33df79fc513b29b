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
  // "Test sign-in" opens this in a new tab; /login/callback brings the provider's answer to the result
  {
    path: '/general-settings/manufacturer-sso-settings/test',
    rights: ['MANUFACTURER_SSO_MANAGE'],
    page: lazyPage(() => import('./SsoTestStartPage'), 'SsoTestStartPage'),
  },
  {
    path: '/general-settings/manufacturer-sso-settings/test-result',
    rights: ['MANUFACTURER_SSO_MANAGE'],
    page: lazyPage(() => import('./SsoTestResultPage'), 'SsoTestResultPage'),
  },
]);

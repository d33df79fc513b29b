import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** The signed-in user's own account (any signed-in user). */
export const accountScreens = defineScreens([
  { path: '/account', redirect: '/account/settings' },
  {
    path: '/account/settings',
    page: lazyPage(() => import('./AccountSettingsPage'), 'AccountSettingsPage'),
    menu: [{ menu: 'account', id: 'settings', labelKey: 'shell.account.settings', order: 10 }],
  },
  {
    path: '/account/password',
    page: lazyPage(() => import('./PasswordPage'), 'PasswordPage'),
    // only for username/password sign-in
    menu: [
      {
        menu: 'account',
        id: 'password',
        labelKey: 'shell.account.password',
        order: 20,
        when: (f) => f.authenticationMechanism === 'USERNAME_PASSWORD',
      },
    ],
  },
]);

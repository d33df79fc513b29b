import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const userScreens = defineScreens([
  {
    path: '/general-settings/user-management/*',
    rights: ['USER_MANAGE'],
    page: lazyPage(() => import('./UsersRoutes'), 'UsersRoutes'),
    menu: [{ menu: 'general-settings', section: 'access-management', id: 'users', labelKey: 'shell.menu.users', order: 30 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const roleScreens = defineScreens([
  {
    path: '/general-settings/role/*',
    rights: ['ROLE_MANAGE'],
    page: lazyPage(() => import('./RolesRoutes'), 'RolesRoutes'),
    menu: [{ menu: 'general-settings', section: 'access-management', id: 'roles', labelKey: 'shell.menu.roles', order: 10 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const userGroupScreens = defineScreens([
  {
    path: '/general-settings/user-group/*',
    rights: ['USER_MANAGE', 'ROLE_MANAGE'],
    page: lazyPage(() => import('./UserGroupsRoutes'), 'UserGroupsRoutes'),
    menu: [{ menu: 'general-settings', section: 'access-management', id: 'user-groups', labelKey: 'shell.menu.userGroups', order: 20 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Users and user groups (access management): each needs the other's list, so they are one feature. */
export const userScreens = defineScreens([
  {
    path: '/general-settings/user-management/*',
    rights: ['USER_MANAGE'],
    page: lazyPage(() => import('./UsersRoutes'), 'UsersRoutes'),
    menu: [{ menu: 'general-settings', section: 'access-management', id: 'users', labelKey: 'shell.menu.users', order: 30 }],
  },
  {
    path: '/general-settings/user-group/*',
    rights: ['USER_MANAGE', 'ROLE_MANAGE'],
    page: lazyPage(() => import('./UserGroupsRoutes'), 'UserGroupsRoutes'),
    menu: [{ menu: 'general-settings', section: 'access-management', id: 'user-groups', labelKey: 'shell.menu.userGroups', order: 20 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** general-settings → notification preview (spec 000 §2; issue 24): the right of the manufacturer's settings. */
export const notificationPreviewScreens = defineScreens([
  {
    path: '/general-settings/notification-preview',
    rights: ['MANUFACTURER_MANAGE'],
    page: lazyPage(() => import('./NotificationPreviewPages'), 'NotificationPreviewPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'notification-preview',
        labelKey: 'shell.menu.notificationPreview',
        order: 29,
      },
    ],
  },
]);

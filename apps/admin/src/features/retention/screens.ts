import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const retentionScreens = defineScreens([
  // what was public and is kept (EU 2021/2226 art. 7), until when, and the purge (decision 0070);
  // read with a document right, purged with DOCUMENT_DELETE (the page checks it for the action)
  {
    path: '/my-business-units/:businessUnitId/administration/retention',
    rights: ['DOCUMENT_READ', 'DOCUMENT_MANAGE', 'DOCUMENT_DELETE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./RetentionPages'), 'RetentionPage'),
    menu: [{ menu: 'administration', id: 'retention', labelKey: 'shell.menu.retention', order: 90 }],
  },
]);

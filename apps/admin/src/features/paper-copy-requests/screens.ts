import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const paperCopyRequestScreens = defineScreens([
  // paper copies visitors asked for (EU 2021/2226); DOCUMENT_MANAGE: the requesters' addresses (decision 0041)
  {
    path: '/my-business-units/:businessUnitId/administration/paper-copy-requests',
    rights: ['DOCUMENT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./PaperCopyRequestsPages'), 'PaperCopyRequestsPage'),
    menu: [{ menu: 'administration', id: 'paper-copy-requests', labelKey: 'shell.menu.paperCopyRequests', order: 60 }],
  },
]);

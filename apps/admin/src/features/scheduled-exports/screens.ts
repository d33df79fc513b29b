import { scheduledExportPatterns } from '../../paths/scheduledExports';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Scheduled exports of a business unit, and the page a recipient's e-mail links to (decision 0059). */
export const scheduledExportScreens = defineScreens([
  {
    path: `${scheduledExportPatterns.list}/*`,
    rights: ['SCHEDULED_EXPORT_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(() => import('./ScheduledExportsRoutes'), 'ScheduledExportsRoutes'),
    menu: [{ menu: 'administration', id: 'scheduled-exports', labelKey: 'shell.menu.scheduledExports', order: 80 }],
  },
  // any signed-in user: the server checks that the link is for their address and that they may export in the unit
  {
    path: scheduledExportPatterns.download,
    page: lazyPage(() => import('./ScheduledDownloadPage'), 'ScheduledDownloadPage'),
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const websiteStatsScreens = defineScreens([
  // downloads from the public website, as charts and records (the charts library comes only with this chunk)
  {
    path: '/my-business-units/:businessUnitId/administration/website-stats',
    rights: ['DOCUMENT_DOWNLOADS'],
    scope: 'business-unit',
    page: lazyPage(() => import('./WebsiteStatsPages'), 'WebsiteStatsPage'),
    menu: [{ menu: 'administration', id: 'website-stats', labelKey: 'shell.menu.websiteStats', order: 20 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** general-settings → config-export (spec 000 §2; issue 24): CONFIG_EXPORT. */
export const configExportScreens = defineScreens([
  {
    path: '/general-settings/config-export',
    rights: ['CONFIG_EXPORT'],
    page: lazyPage(() => import('./ConfigExportPages'), 'ConfigExportPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-management',
        id: 'config-export',
        labelKey: 'shell.menu.configExport',
        order: 28,
      },
    ],
  },
]);

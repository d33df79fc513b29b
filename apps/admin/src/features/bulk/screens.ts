import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** Bulk jobs: the global switch of uploads, and the download page of an export's e-mail. */
export const bulkScreens = defineScreens([
  {
    path: '/general-settings/bulk-uploads',
    rights: ['BULK_IMPORT_ADMIN'],
    page: lazyPage(() => import('./BulkSettingsPage'), 'BulkSettingsPage'),
    menu: [
      { menu: 'general-settings', section: 'manufacturer-management', id: 'bulk-uploads', labelKey: 'shell.menu.bulkUploads', order: 90 },
    ],
  },
  // any signed-in user: the server checks that the link is theirs
  {
    path: '/bulk-exports/:id',
    page: lazyPage(() => import('./ExportDownloadPage'), 'ExportDownloadPage'),
  },
]);

import { bulkPatterns } from '../../paths/bulk';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/**
 * Bulk jobs: the upload pages of a product type's products and of a unit's documents (BULK_IMPORT
 * in the unit; the product type's crumb comes from its card, the unit's from the unit), the global
 * switch of uploads, and the download page of an export's e-mail.
 */
export const bulkScreens = defineScreens([
  {
    path: bulkPatterns.productUpload,
    rights: ['BULK_IMPORT'],
    scope: 'business-unit',
    page: lazyPage(() => import('./BulkUploadPage'), 'ProductBulkUploadPage'),
  },
  // beside the documents' own routes (document-management/*): the more specific address wins
  {
    path: bulkPatterns.documentUpload,
    rights: ['BULK_IMPORT'],
    scope: 'business-unit',
    page: lazyPage(() => import('./BulkUploadPage'), 'DocumentBulkUploadPage'),
  },
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

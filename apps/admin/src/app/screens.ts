import { accountScreens } from '../features/account/screens';
import { auditLogScreens } from '../features/audit-logs/screens';
import { authScreens } from '../features/auth/screens';
import { bulkScreens } from '../features/bulk/screens';
import { businessUnitScreens } from '../features/business-units/screens';
import { configExportScreens } from '../features/config-export/screens';
import { documentTypeScreens } from '../features/document-types/screens';
import { documentScreens } from '../features/documents/screens';
import { fileScreens } from '../features/files/screens';
import { helpScreens } from '../features/help/screens';
import { lotRangeScreens } from '../features/lot-ranges/screens';
import { manufacturerScreens } from '../features/manufacturer/screens';
import { notificationPreviewScreens } from '../features/notification-preview/screens';
import { paperCopyRequestScreens } from '../features/paper-copy-requests/screens';
import { productRemarkScreens } from '../features/product-remarks/screens';
import { productSearchScreens } from '../features/product-search/screens';
import { productTypeScreens } from '../features/product-types/screens';
import { productScreens } from '../features/products/screens';
import { publishingScreens } from '../features/publishing/screens';
import { regionsLanguagesScreens } from '../features/regions-languages/screens';
import { releaseNoteScreens } from '../features/release-notes/screens';
import { restrictedAccessScreens } from '../features/restricted-access/screens';
import { retentionScreens } from '../features/retention/screens';
import { roleScreens } from '../features/roles/screens';
import { scheduledExportScreens } from '../features/scheduled-exports/screens';
import { sitemapScreens } from '../features/sitemap/screens';
import { translationScreens } from '../features/translations/screens';
import { userScreens } from '../features/users/screens';
import { validationRecordScreens } from '../features/validation-records/screens';
import { websiteLayoutScreens } from '../features/website-layout/screens';
import { websiteStatsScreens } from '../features/website-stats/screens';
import type { Screen } from '../platform/screens';

/**
 * Every screen of the admin (document 000 section 2), gathered from the features' tables
 * (docs/decisions/0055): the router, the menus and the breadcrumbs are built from this list.
 */
export const screens: readonly Screen[] = [
  ...authScreens,
  ...accountScreens,
  ...businessUnitScreens,
  ...auditLogScreens,
  ...websiteStatsScreens,
  ...productTypeScreens,
  ...productScreens,
  ...productRemarkScreens,
  ...regionsLanguagesScreens,
  ...documentTypeScreens,
  ...documentScreens,
  ...lotRangeScreens,
  ...fileScreens,
  ...productSearchScreens,
  ...userScreens,
  ...roleScreens,
  ...websiteLayoutScreens,
  ...manufacturerScreens,
  ...translationScreens,
  ...restrictedAccessScreens,
  ...publishingScreens,
  ...paperCopyRequestScreens,
  ...scheduledExportScreens,
  ...sitemapScreens,
  ...retentionScreens,
  ...bulkScreens,
  ...helpScreens,
  ...releaseNoteScreens,
  ...configExportScreens,
  ...notificationPreviewScreens,
  ...validationRecordScreens,
];

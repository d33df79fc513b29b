import type { Deps, RoutesPlugin } from '../platform/deps.js';
import { accessRightsRoutes } from './access-rights/access-rights.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { auditAnchorJobs } from './audit-logs/audit-anchor.jobs.js';
import { auditLogsRoutes } from './audit-logs/audit-logs.routes.js';
import { bulkJobs } from './bulk/bulk.jobs.js';
import { bulkRoutes } from './bulk/bulk.routes.js';
import { bulkUploadRoutes } from './bulk/bulk-upload.routes.js';
import { businessUnitsRoutes } from './business-units/business-units.routes.js';
import { configExportRoutes } from './config-export/config-export.routes.js';
import { customerApiRoutes } from './customer-api/customer-api.routes.js';
import { demoRoutes } from './demo/demo.routes.js';
import { documentDownloadsRoutes } from './document-downloads/document-downloads.routes.js';
import { documentSearchAccessRoutes } from './document-search-access/document-search-access.routes.js';
import { documentTypesRoutes } from './document-types/document-types.routes.js';
import { documentLiveStateJobs } from './documents/document-live-state.jobs.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { translationsRoutes } from './internationalizations/translations.routes.js';
import { languagesRoutes } from './languages/languages.routes.js';
import { lotRangesRoutes } from './lot-ranges/lot-ranges.routes.js';
import { managementRoutes } from './management/management.routes.js';
import { manufacturerRoutes } from './manufacturer/manufacturer.routes.js';
import { notificationPreviewRoutes } from './notification-preview/notification-preview.routes.js';
import { paperCopyRequestsRoutes } from './paper-copy-requests/paper-copy-requests.routes.js';
import { productGroupsRoutes } from './product-groups/product-groups.routes.js';
import { productRemarksRoutes } from './product-remarks/product-remarks.routes.js';
import { productTypesRoutes } from './product-types/product-types.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { publicUserGroupsRoutes } from './public-user-groups/public-user-groups.routes.js';
import { previewRoutes } from './publishing/preview.routes.js';
import { publicationsRoutes } from './publishing/publications.routes.js';
import { publishRoutes } from './publishing/publish.routes.js';
import { referenceDataRoutes } from './reference-data/reference-data.routes.js';
import { regionsRoutes } from './regions/regions.routes.js';
import { releaseNotesRoutes } from './release-notes/release-notes.routes.js';
import { retentionJobs } from './retention/retention.jobs.js';
import { retentionRoutes } from './retention/retention.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { scheduledExportJobs } from './scheduled-exports/scheduled-exports.jobs.js';
import { scheduledExportsRoutes } from './scheduled-exports/scheduled-exports.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { sitemapRoutes } from './sitemap/sitemap.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { orphanObjectJobs } from './storage-sweep/orphan-objects.jobs.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { userGroupsRoutes } from './user-groups/user-groups.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { validationRecordsRoutes } from './validation-records/validation-records.routes.js';
import { websiteLayoutRoutes } from './website-layout/website-layout.routes.js';

/** Every area's routes, registered by buildApp. */
export const apiModules: RoutesPlugin[] = [
  managementRoutes,
  accountRoutes,
  // issue 23: demo mode (view the admin as a user group or a user, read-only)
  demoRoutes,
  ssoRoutes,
  // issue 23: the customer API (read-only, the live publications, the provider's bearer tokens)
  customerApiRoutes,
  accessRightsRoutes,
  rolesRoutes,
  userGroupsRoutes,
  usersRoutes,
  manufacturerRoutes,
  // issue 24: the notification preview
  notificationPreviewRoutes,
  businessUnitsRoutes,
  // issue 24: the configuration export and import
  configExportRoutes,
  auditLogsRoutes,
  productGroupsRoutes,
  productRemarksRoutes,
  productTypesRoutes,
  productsRoutes,
  lotRangesRoutes,
  // issue 9: reference data, regions, languages and language groups
  referenceDataRoutes,
  regionsRoutes,
  languagesRoutes,
  translationsRoutes,
  websiteLayoutRoutes,
  documentTypesRoutes,
  // issue 10: documents
  documentsRoutes,
  // issue 10: files of documents, their versions and binaries
  filesRoutes,
  // issue 10: restricted access (restricted user groups, document search access)
  publicUserGroupsRoutes,
  documentSearchAccessRoutes,
  // issue 11: publishing (readiness, counts, publish, publish state)
  publishRoutes,
  // issue 11: a signed-in user's preview of the public website
  previewRoutes,
  // issue 11: the publication history, diff and restore
  publicationsRoutes,
  // issue 12: the public website's download records and statistics
  documentDownloadsRoutes,
  // issue 12: paper copies of instructions for use
  paperCopyRequestsRoutes,
  // issue 12: the sitemap of the public website (administration → sitemap, EUDAMED export)
  sitemapRoutes,
  // issue 12: the public website's pages
  siteRoutes,
  // issue 21: bulk jobs (the global switch, exports)
  bulkRoutes,
  bulkUploadRoutes,
  // issue 21: scheduled exports
  scheduledExportsRoutes,
  // issue 22: retention of what was public (report, purge)
  retentionRoutes,
  // issue 24: help tickets, release notes and known bugs
  ticketsRoutes,
  releaseNotesRoutes,
  // issue 24: validation records (decision 0077)
  validationRecordsRoutes,
];

/** Every area's queues of background jobs and their handlers, declared by buildApp before the queue starts (decision 0056). */
export const jobModules: ((deps: Deps) => void)[] = [
  bulkJobs,
  scheduledExportJobs,
  retentionJobs,
  documentLiveStateJobs,
  auditAnchorJobs,
  orphanObjectJobs,
];

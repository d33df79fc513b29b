import { accountApi } from './account.js';
import { auditLogsApi } from './audit-logs.js';
import { bulkApi } from './bulk.js';
import { bulkTemplateApi } from './bulk-template.js';
import { bulkUploadApi } from './bulk-upload.js';
import { businessUnitsApi } from './business-units.js';
import { configExportApi } from './config-export.js';
import { customerApi } from './customer-api.js';
import type { RouteDecl } from './define.js';
import { demoApi } from './demo.js';
import { documentDownloadsApi } from './document-downloads.js';
import { documentTypesApi } from './document-types.js';
import { documentsApi } from './documents.js';
import { filesApi } from './files.js';
import { lotRangesApi } from './lot-ranges.js';
import { managementApi } from './management.js';
import { manufacturerApi } from './manufacturer.js';
import { notificationPreviewApi } from './notification-preview.js';
import { paperCopyRequestsApi } from './paper-copy-requests.js';
import { productGroupsApi } from './product-groups.js';
import { productRemarksApi } from './product-remarks.js';
import { productTypesApi } from './product-types.js';
import { productsApi } from './products.js';
import { publishingApi } from './publishing.js';
import { referenceDataApi } from './reference-data.js';
import { languageGroupsApi, languagesApi, regionsApi } from './regions-languages.js';
import { releaseNotesApi } from './release-notes.js';
import { documentSearchAccessApi, publicUserGroupsApi } from './restricted-access.js';
import { retentionApi } from './retention.js';
import { accessRightsApi, rolesApi } from './roles.js';
import { scheduledExportsApi } from './scheduled-exports.js';
import { sitemapApi } from './sitemap.js';
import { ssoApi } from './sso.js';
import { ticketsApi } from './tickets.js';
import { translationsApi } from './translations.js';
import { userGroupsApi } from './user-groups.js';
import { usersApi } from './users.js';
import { validationRecordsApi } from './validation-records.js';
import { websiteLayoutApi } from './website-layout.js';

export * from './account.js';
export * from './audit-logs.js';
export * from './bulk.js';
export * from './bulk-template.js';
export * from './bulk-upload.js';
export * from './business-units.js';
export * from './config-export.js';
export * from './customer-api.js';
export * from './define.js';
export * from './demo.js';
export * from './document-downloads.js';
export * from './document-types.js';
export * from './documents.js';
export * from './files.js';
export * from './lot-ranges.js';
export * from './management.js';
export * from './manufacturer.js';
export * from './notification-preview.js';
export * from './paper-copy-requests.js';
export * from './product-groups.js';
export * from './product-remarks.js';
export * from './product-types.js';
export * from './products.js';
export * from './publishing.js';
export * from './reference-data.js';
export * from './regions-languages.js';
export * from './release-notes.js';
export * from './restricted-access.js';
export * from './retention.js';
export * from './roles.js';
export * from './scheduled-exports.js';
export * from './sitemap.js';
export * from './sso.js';
export * from './tickets.js';
export * from './translations.js';
export * from './user-groups.js';
export * from './users.js';
export * from './validation-records.js';
export * from './website-layout.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  accessRights: accessRightsApi,
  account: accountApi,
  auditLogs: auditLogsApi,
  bulk: bulkApi,
  bulkTemplate: bulkTemplateApi,
  bulkUpload: bulkUploadApi,
  businessUnits: businessUnitsApi,
  configExport: configExportApi,
  customerApi,
  demo: demoApi,
  documentDownloads: documentDownloadsApi,
  documentSearchAccess: documentSearchAccessApi,
  documentLanguages: languagesApi.document,
  documentRegions: regionsApi.document,
  documentTypes: documentTypesApi,
  documents: documentsApi,
  files: filesApi,
  interfaceLanguages: languagesApi.interface,
  interfaceRegions: regionsApi.interface,
  languageGroups: languageGroupsApi,
  lotRanges: lotRangesApi,
  management: managementApi,
  manufacturer: manufacturerApi,
  notificationPreview: notificationPreviewApi,
  paperCopyRequests: paperCopyRequestsApi,
  productGroups: productGroupsApi,
  productRemarks: productRemarksApi,
  productTypes: productTypesApi,
  products: productsApi,
  publicUserGroups: publicUserGroupsApi,
  publishing: publishingApi,
  referenceData: referenceDataApi,
  releaseNotes: releaseNotesApi,
  retention: retentionApi,
  roles: rolesApi,
  scheduledExports: scheduledExportsApi,
  sitemap: sitemapApi,
  sso: ssoApi,
  tickets: ticketsApi,
  translations: translationsApi,
  userGroups: userGroupsApi,
  users: usersApi,
  validationRecords: validationRecordsApi,
  websiteLayout: websiteLayoutApi,
};

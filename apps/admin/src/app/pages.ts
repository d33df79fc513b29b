import { lazyPage } from '../platform/lazyPage';

/**
 * The pages the route table loads when first opened (decision 0017): one chunk per feature area,
 * so the sign-in page and the shell start without the editor, date pickers and lists of every
 * other screen. The sign-in page, the root redirect, logout and the 404 route stay in the entry.
 */
export const AccountSettingsPage = lazyPage(() => import('../features/account/AccountSettingsPage'), 'AccountSettingsPage');
export const PasswordPage = lazyPage(() => import('../features/account/PasswordPage'), 'PasswordPage');
export const AuditLogsPage = lazyPage(() => import('../features/audit-logs/AuditLogsPage'), 'AuditLogsPage');
export const DocumentAttributesPage = lazyPage(() => import('../features/document-types/DocumentAttributesPage'), 'DocumentAttributesPage');
export const DocumentTypeRoutes = lazyPage(() => import('../features/document-types/DocumentTypeRoutes'), 'DocumentTypeRoutes');
export const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetFinishPage = lazyPage(() => import('../features/auth/ResetFinishPage'), 'ResetFinishPage');
export const BusinessUnitHomePage = lazyPage(() => import('../features/business-units/BusinessUnitHomePage'), 'BusinessUnitHomePage');
export const BusinessUnitSettingsRoutes = lazyPage(
  () => import('../features/business-units/BusinessUnitSettingsRoutes'),
  'BusinessUnitSettingsRoutes',
);
export const MyBusinessUnitsPage = lazyPage(() => import('../features/business-units/MyBusinessUnitsPage'), 'MyBusinessUnitsPage');
export const ArchivedLotRangesPage = lazyPage(() => import('../features/lot-ranges/ArchivedLotRangesPage'), 'ArchivedLotRangesPage');
export const ManufacturerSettingsPage = lazyPage(
  () => import('../features/manufacturer/ManufacturerSettingsPage'),
  'ManufacturerSettingsPage',
);
export const RemarksRoutes = lazyPage(() => import('../features/product-remarks/RemarksRoutes'), 'RemarksRoutes');
export const ProductSearchPage = lazyPage(() => import('../features/product-search/ProductSearchPage'), 'ProductSearchPage');
export const BusinessUnitProductTypeRoutes = lazyPage(
  () => import('../features/product-types/ProductTypeRoutes'),
  'BusinessUnitProductTypeRoutes',
);
export const GlobalProductTypeRoutes = lazyPage(() => import('../features/product-types/ProductTypeRoutes'), 'GlobalProductTypeRoutes');
export const ProductTypesPage = lazyPage(() => import('../features/product-types/ProductTypesPage'), 'ProductTypesPage');
export const ProductManagementRoutes = lazyPage(() => import('../features/products/ProductManagementRoutes'), 'ProductManagementRoutes');
export const UnitProductManagementRoutes = lazyPage(
  () => import('../features/products/UnitProductManagementRoutes'),
  'UnitProductManagementRoutes',
);
export const ManufacturerTranslationsPage = lazyPage(
  () => import('../features/translations/TranslationsPage'),
  'ManufacturerTranslationsPage',
);
export const WebsiteTranslationsPage = lazyPage(() => import('../features/translations/TranslationsPage'), 'WebsiteTranslationsPage');
export const RolesRoutes = lazyPage(() => import('../features/roles/RolesRoutes'), 'RolesRoutes');
export const UserGroupsRoutes = lazyPage(() => import('../features/user-groups/UserGroupsRoutes'), 'UserGroupsRoutes');
export const UsersRoutes = lazyPage(() => import('../features/users/UsersRoutes'), 'UsersRoutes');

// issue 9: regions, languages and language groups (one chunk)
const regionsLanguages = () => import('../features/regions-languages/RegionsLanguagesRoutes');
export const DocumentRegionRoutes = lazyPage(regionsLanguages, 'DocumentRegionRoutes');
export const InterfaceRegionRoutes = lazyPage(regionsLanguages, 'InterfaceRegionRoutes');
export const LanguageGroupRoutes = lazyPage(regionsLanguages, 'LanguageGroupRoutes');
export const WebsiteLanguagesPage = lazyPage(regionsLanguages, 'WebsiteLanguagesPage');
export const ManufacturerRegionsRoutes = lazyPage(regionsLanguages, 'ManufacturerRegionsRoutes');
export const ManufacturerLanguagesPage = lazyPage(regionsLanguages, 'ManufacturerLanguagesPage');
// ---- website configuration: layout and content (issue 9)
export const LayoutPage = lazyPage(() => import('../features/website-layout/LayoutPage'), 'LayoutPage');
export const PublicResourcesPage = lazyPage(() => import('../features/website-layout/PublicResourcesPage'), 'PublicResourcesPage');
export const ManufacturerLayoutPage = lazyPage(() => import('../features/website-layout/LayoutPage'), 'ManufacturerLayoutPage');

// issue 10: documents
export const DocumentRoutes = lazyPage(() => import('../features/documents/DocumentRoutes'), 'DocumentRoutes');
// ---- issue 10: files of documents and archived documents (one chunk)
const files = () => import('../features/files/FileRoutes');
export const FileRoutes = lazyPage(files, 'FileRoutes');
export const ArchivedDocumentsPage = lazyPage(() => import('../features/files/ArchivedDocumentsPage'), 'ArchivedDocumentsPage');
// ---- restricted access (issue 10): restricted user groups and document search access (one chunk)
const restrictedAccess = () => import('../features/restricted-access/RestrictedAccessPages');
export const RestrictedAccessRoutes = lazyPage(restrictedAccess, 'RestrictedAccessRoutes');
export const DocumentSearchAccessPage = lazyPage(restrictedAccess, 'DocumentSearchAccessPage');
// ---- issue 11: publishing (the publish page and the publication history; brings the date picker)
export const PublishPage = lazyPage(() => import('../features/publishing/PublishingPages'), 'PublishPage');
// ---- issue 12: website statistics (the charts library and its styles come only with this chunk)
export const WebsiteStatsPage = lazyPage(() => import('../features/website-stats/WebsiteStatsPages'), 'WebsiteStatsPage');
// ---- issue 12: paper copy requests (administration)
export const PaperCopyRequestsPage = lazyPage(
  () => import('../features/paper-copy-requests/PaperCopyRequestsPages'),
  'PaperCopyRequestsPage',
);
// ---- issue 12: the sitemap (administration; the barcode library comes only with this chunk)
export const SitemapPage = lazyPage(() => import('../features/sitemap/SitemapPages'), 'SitemapPage');

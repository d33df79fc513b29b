import type { AccessRight } from '@vellum/contract';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RootRedirect } from '../features/auth/RootRedirect';
import { RequireAuth } from './guard';
import { NotFoundRoute } from './NotFoundRoute';
import {
  AccountSettingsPage,
  ArchivedDocumentsPage,
  ArchivedLotRangesPage,
  AuditLogsPage,
  BusinessUnitHomePage,
  BusinessUnitProductTypeRoutes,
  BusinessUnitSettingsRoutes,
  DocumentAttributesPage,
  DocumentRegionRoutes,
  DocumentRoutes,
  DocumentSearchAccessPage,
  DocumentTypeRoutes,
  FileRoutes,
  ForgotPasswordPage,
  GlobalProductTypeRoutes,
  InterfaceRegionRoutes,
  LanguageGroupRoutes,
  LayoutPage,
  ManufacturerLanguagesPage,
  ManufacturerLayoutPage,
  ManufacturerRegionsRoutes,
  ManufacturerSettingsPage,
  ManufacturerTranslationsPage,
  MyBusinessUnitsPage,
  PaperCopyRequestsPage,
  PasswordPage,
  ProductManagementRoutes,
  ProductSearchPage,
  ProductTypesPage,
  PublicResourcesPage,
  PublishPage,
  RemarksRoutes,
  ResetFinishPage,
  RestrictedAccessRoutes,
  RolesRoutes,
  SitemapPage,
  UnitProductManagementRoutes,
  UserGroupsRoutes,
  UsersRoutes,
  WebsiteLanguagesPage,
  WebsiteStatsPage,
  WebsiteTranslationsPage,
} from './pages';
import { Shell } from './shell/Shell';

const guarded = (element: React.ReactNode, rights?: AccessRight[], scope?: 'global' | 'business-unit') => (
  <RequireAuth rights={rights} scope={scope}>
    {element}
  </RequireAuth>
);

/**
 * The route table (document 000 section 2). Feature routes with their own sub-pages end in /*
 * and declare those sub-routes themselves.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/admin-login', element: <LoginPage admin /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/account/reset/forgot', element: <ForgotPasswordPage /> },
  { path: '/account/reset/finish/:key?', element: <ResetFinishPage /> },
  {
    element: guarded(<Shell />),
    children: [
      { path: '/account', element: <Navigate to="/account/settings" replace /> },
      { path: '/account/settings', element: <AccountSettingsPage /> },
      { path: '/account/password', element: <PasswordPage /> },
      { path: '/my-business-units', element: <MyBusinessUnitsPage /> },
      { path: '/my-business-units/:businessUnitId', element: <BusinessUnitHomePage /> },
      {
        path: '/my-business-units/:businessUnitId/administration/audit-logs',
        element: guarded(<AuditLogsPage />, ['AUDIT_LOG_ALL_READ', 'AUDIT_LOG_PUBLISH_READ'], 'business-unit'),
      },
      // issue 12: downloads from the public website
      {
        path: '/my-business-units/:businessUnitId/administration/website-stats',
        element: guarded(<WebsiteStatsPage />, ['DOCUMENT_DOWNLOADS'], 'business-unit'),
      },
      // product types (document 001 section 2): read with any product right, changed with PRODUCT_TYPE_MANAGE
      {
        path: '/my-business-units/:businessUnitId/product-types',
        element: guarded(<ProductTypesPage />, ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/product-types/:productTypeId',
        element: <Navigate to="product-management/products" replace />,
      },
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/product-type/*',
        element: guarded(<BusinessUnitProductTypeRoutes />, ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'], 'business-unit'),
      },
      {
        path: '/general-settings/manufacturer-product-type/*',
        element: guarded(<GlobalProductTypeRoutes />, ['PRODUCT_TYPE_MANAGE', 'PRODUCT_READ', 'PRODUCT_MANAGE']),
      },
      // products, product groups, remarks, archived lot ranges: read with a product right, changed as each page checks
      {
        path: '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*',
        element: guarded(<ProductManagementRoutes />, ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'),
      },
      // every product type of the unit at once (the home tiles: orphans, unpublished, scheduled)
      {
        path: '/my-business-units/:businessUnitId/product-management/*',
        element: guarded(<UnitProductManagementRoutes />, ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/product-remark/*',
        element: guarded(<RemarksRoutes />, ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_REMARK_MANAGE'], 'business-unit'),
      },
      // issue 9: regions, languages and language groups (decision 0023)
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/region/*',
        element: guarded(<DocumentRegionRoutes />, ['DOCUMENT_REGION_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/language-group/*',
        element: guarded(<LanguageGroupRoutes />, ['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/website-configuration/region/*',
        element: guarded(<InterfaceRegionRoutes />, ['INTERFACE_REGION_MANAGE', 'TRANSLATION'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/website-configuration/language',
        element: guarded(
          <WebsiteLanguagesPage />,
          ['INTERFACE_LANGUAGE_MANAGE', 'TRANSLATION', 'LAYOUT_MANAGE', 'INTERFACE_REGION_MANAGE'],
          'business-unit',
        ),
      },
      {
        path: '/general-settings/manufacturer-regions/*',
        element: guarded(<ManufacturerRegionsRoutes />, ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE']),
      },
      {
        path: '/general-settings/manufacturer-languages',
        element: guarded(<ManufacturerLanguagesPage />, ['INTERFACE_LANGUAGE_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE']),
      },
      // document types and attributes: read with a document right, changed with their own (as each page checks)
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/document-type/*',
        element: guarded(<DocumentTypeRoutes />, ['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/backend-configuration/document-attribute',
        element: guarded(<DocumentAttributesPage />, ['DOCUMENT_ATTRIBUTE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'], 'business-unit'),
      },
      // issue 10: documents (the list, a new document and a document; read with a document right, changed as each page checks)
      {
        path: '/my-business-units/:businessUnitId/document-management/*',
        element: guarded(<DocumentRoutes />, ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/administration/archived-data-lot-ranges',
        element: guarded(<ArchivedLotRangesPage />, ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'),
      },
      // ---- issue 10: files of a document (more specific than document-management/*) and archived documents
      {
        path: '/my-business-units/:businessUnitId/document-management/:documentId/files/*',
        element: guarded(<FileRoutes />, ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/administration/archived-data-documents',
        element: guarded(<ArchivedDocumentsPage />, ['DOCUMENT_READ', 'DOCUMENT_MANAGE'], 'business-unit'),
      },
      // ---- end of files
      { path: '/general-settings/product-search', element: guarded(<ProductSearchPage />, ['PRODUCT_SEARCH_ADMIN']) },
      { path: '/general-settings/user-management/*', element: guarded(<UsersRoutes />, ['USER_MANAGE']) },
      { path: '/general-settings/role/*', element: guarded(<RolesRoutes />, ['ROLE_MANAGE']) },
      { path: '/general-settings/user-group/*', element: guarded(<UserGroupsRoutes />, ['USER_MANAGE', 'ROLE_MANAGE']) },
      {
        path: '/general-settings/business-unit/*',
        element: guarded(<BusinessUnitSettingsRoutes />, ['BUSINESS_UNIT_CREATE', 'BUSINESS_UNIT_UPDATE', 'BUSINESS_UNIT_DELETE']),
      },
      // ---- website configuration: layout and content (issue 9)
      {
        path: '/my-business-units/:businessUnitId/website-configuration/layout',
        element: guarded(<LayoutPage />, ['LAYOUT_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/website-configuration/public-resources',
        element: guarded(<PublicResourcesPage />, ['LAYOUT_MANAGE'], 'business-unit'),
      },
      { path: '/general-settings/manufacturer-layout', element: guarded(<ManufacturerLayoutPage />, ['LAYOUT_MANAGE']) },
      // ---- end of layout and content
      {
        path: '/general-settings/manufacturer-settings',
        element: guarded(<ManufacturerSettingsPage />, ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ']),
      },
      // website configuration: translations (issue 9, translations)
      {
        path: '/my-business-units/:businessUnitId/website-configuration/website-translations',
        element: guarded(<WebsiteTranslationsPage />, ['TRANSLATION'], 'business-unit'),
      },
      { path: '/general-settings/manufacturer-translations', element: guarded(<ManufacturerTranslationsPage />, ['TRANSLATION']) },
      // end of website configuration: translations
      // restricted access (issue 10): more specific than the documents' document-management/*
      {
        path: '/my-business-units/:businessUnitId/document-management/restricted-access/*',
        element: guarded(<RestrictedAccessRoutes />, ['RESTRICTED_ACCESS_GROUP_MANAGE'], 'business-unit'),
      },
      {
        path: '/my-business-units/:businessUnitId/document-management/search-access',
        element: guarded(<DocumentSearchAccessPage />, ['DOCUMENT_SEARCH_USER_MANAGE'], 'business-unit'),
      },
      // end of restricted access
      // issue 11: publishing (spec 001 §2: needs PUBLISH; the history alone is readable with AUDIT_LOG_PUBLISH_READ, decision 0037)
      {
        path: '/my-business-units/:businessUnitId/publish',
        element: guarded(<PublishPage />, ['PUBLISH', 'AUDIT_LOG_PUBLISH_READ'], 'business-unit'),
      },
      // end of publishing
      // issue 12: paper copy requests (DOCUMENT_MANAGE: the requesters' addresses, decision 0041)
      {
        path: '/my-business-units/:businessUnitId/administration/paper-copy-requests',
        element: guarded(<PaperCopyRequestsPage />, ['DOCUMENT_MANAGE'], 'business-unit'),
      },
      // issue 12: the sitemap with label codes and the EUDAMED export (spec 001 §2: DOCUMENT_SITEMAP)
      {
        path: '/my-business-units/:businessUnitId/administration/sitemap',
        element: guarded(<SitemapPage />, ['DOCUMENT_SITEMAP'], 'business-unit'),
      },
    ],
  },
  // unknown paths: inside the shell when signed in, on their own otherwise
  { path: '*', element: <NotFoundRoute /> },
];

export const createRouter = () => createBrowserRouter(routes);

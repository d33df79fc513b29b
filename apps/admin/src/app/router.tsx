import type { AccessRight } from '@vellum/contract';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AccountSettingsPage } from '../features/account/AccountSettingsPage';
import { PasswordPage } from '../features/account/PasswordPage';
import { AuditLogsPage } from '../features/audit-logs/AuditLogsPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { ResetFinishPage } from '../features/auth/ResetFinishPage';
import { RootRedirect } from '../features/auth/RootRedirect';
import { BusinessUnitHomePage } from '../features/business-units/BusinessUnitHomePage';
import { BusinessUnitSettingsRoutes } from '../features/business-units/BusinessUnitSettingsRoutes';
import { MyBusinessUnitsPage } from '../features/business-units/MyBusinessUnitsPage';
import { NotFoundRoute } from '../features/errors/NotFoundPage';
import { ArchivedLotRangesPage } from '../features/lot-ranges/ArchivedLotRangesPage';
import { ManufacturerSettingsPage } from '../features/manufacturer/ManufacturerSettingsPage';
import { RemarksRoutes } from '../features/product-remarks/RemarksRoutes';
import { ProductSearchPage } from '../features/product-search/ProductSearchPage';
import { BusinessUnitProductTypeRoutes, GlobalProductTypeRoutes } from '../features/product-types/ProductTypeRoutes';
import { ProductTypesPage } from '../features/product-types/ProductTypesPage';
import { ProductManagementRoutes } from '../features/products/ProductManagementRoutes';
import { UnitProductManagementRoutes } from '../features/products/UnitProductManagementRoutes';
import { RolesRoutes } from '../features/roles/RolesRoutes';
import { UserGroupsRoutes } from '../features/user-groups/UserGroupsRoutes';
import { UsersRoutes } from '../features/users/UsersRoutes';
import { RequireAuth } from './guard';
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
      {
        path: '/my-business-units/:businessUnitId/administration/archived-data-lot-ranges',
        element: guarded(<ArchivedLotRangesPage />, ['PRODUCT_READ', 'PRODUCT_MANAGE'], 'business-unit'),
      },
      { path: '/general-settings/product-search', element: guarded(<ProductSearchPage />, ['PRODUCT_SEARCH_ADMIN']) },
      { path: '/general-settings/user-management/*', element: guarded(<UsersRoutes />, ['USER_MANAGE']) },
      { path: '/general-settings/role/*', element: guarded(<RolesRoutes />, ['ROLE_MANAGE']) },
      { path: '/general-settings/user-group/*', element: guarded(<UserGroupsRoutes />, ['USER_MANAGE', 'ROLE_MANAGE']) },
      {
        path: '/general-settings/business-unit/*',
        element: guarded(<BusinessUnitSettingsRoutes />, ['BUSINESS_UNIT_CREATE', 'BUSINESS_UNIT_UPDATE', 'BUSINESS_UNIT_DELETE']),
      },
      {
        path: '/general-settings/manufacturer-settings',
        element: guarded(<ManufacturerSettingsPage />, ['MANUFACTURER_MANAGE', 'MANUFACTURER_READ']),
      },
    ],
  },
  // unknown paths: inside the shell when signed in, on their own otherwise
  { path: '*', element: <NotFoundRoute /> },
];

export const createRouter = () => createBrowserRouter(routes);

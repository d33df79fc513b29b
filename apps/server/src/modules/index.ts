import type { RoutesPlugin } from '../platform/deps.js';
import { accessRightsRoutes } from './access-rights/access-rights.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { auditLogsRoutes } from './audit-logs/audit-logs.routes.js';
import { businessUnitsRoutes } from './business-units/business-units.routes.js';
import { documentTypesRoutes } from './document-types/document-types.routes.js';
import { lotRangesRoutes } from './lot-ranges/lot-ranges.routes.js';
import { managementRoutes } from './management/management.routes.js';
import { manufacturerRoutes } from './manufacturer/manufacturer.routes.js';
import { productGroupsRoutes } from './product-groups/product-groups.routes.js';
import { productRemarksRoutes } from './product-remarks/product-remarks.routes.js';
import { productTypesRoutes } from './product-types/product-types.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { userGroupsRoutes } from './user-groups/user-groups.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every area's routes, registered by buildApp. */
export const apiModules: RoutesPlugin[] = [
  managementRoutes,
  accountRoutes,
  accessRightsRoutes,
  rolesRoutes,
  userGroupsRoutes,
  usersRoutes,
  manufacturerRoutes,
  businessUnitsRoutes,
  auditLogsRoutes,
  productGroupsRoutes,
  productRemarksRoutes,
  productTypesRoutes,
  productsRoutes,
  lotRangesRoutes,
  documentTypesRoutes,
];

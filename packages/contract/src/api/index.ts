import { accountApi } from './account.js';
import { auditLogsApi } from './audit-logs.js';
import type { RouteDecl } from './define.js';
import { managementApi } from './management.js';
import { productsApi } from './products.js';
import { accessRightsApi, rolesApi } from './roles.js';
import { userGroupsApi } from './user-groups.js';
import { usersApi } from './users.js';

export * from './account.js';
export * from './audit-logs.js';
export * from './define.js';
export * from './management.js';
export * from './products.js';
export * from './roles.js';
export * from './user-groups.js';
export * from './users.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  accessRights: accessRightsApi,
  account: accountApi,
  auditLogs: auditLogsApi,
  management: managementApi,
  products: productsApi,
  roles: rolesApi,
  userGroups: userGroupsApi,
  users: usersApi,
};

import { accountApi } from './account.js';
import { auditLogsApi } from './audit-logs.js';
import { businessUnitsApi } from './business-units.js';
import type { RouteDecl } from './define.js';
import { documentTypesApi } from './document-types.js';
import { documentsApi } from './documents.js';
import { filesApi } from './files.js';
import { managementApi } from './management.js';
import { manufacturerApi } from './manufacturer.js';
import { productsApi } from './products.js';
import { languageGroupsApi, languagesApi, regionsApi } from './regions-languages.js';
import { documentSearchAccessApi, publicUserGroupsApi } from './restricted-access.js';
import { accessRightsApi, rolesApi } from './roles.js';
import { userGroupsApi } from './user-groups.js';
import { usersApi } from './users.js';

export * from './account.js';
export * from './audit-logs.js';
export * from './business-units.js';
export * from './define.js';
export * from './document-types.js';
export * from './documents.js';
export * from './files.js';
export * from './management.js';
export * from './manufacturer.js';
export * from './products.js';
export * from './regions-languages.js';
export * from './restricted-access.js';
export * from './roles.js';
export * from './user-groups.js';
export * from './users.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  accessRights: accessRightsApi,
  account: accountApi,
  auditLogs: auditLogsApi,
  businessUnits: businessUnitsApi,
  documentSearchAccess: documentSearchAccessApi,
  documentTypes: documentTypesApi,
  documents: documentsApi,
  files: filesApi,
  languageGroups: languageGroupsApi,
  management: managementApi,
  manufacturer: manufacturerApi,
  products: productsApi,
  publicUserGroups: publicUserGroupsApi,
  roles: rolesApi,
  userGroups: userGroupsApi,
  users: usersApi,
};

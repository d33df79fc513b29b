import type { RouteDecl } from './define.js';
import { documentTypesApi } from './document-types.js';
import { documentsApi } from './documents.js';
import { filesApi } from './files.js';
import { productsApi } from './products.js';
import { documentSearchAccessApi, publicUserGroupsApi } from './restricted-access.js';

export * from './define.js';
export * from './document-types.js';
export * from './documents.js';
export * from './files.js';
export * from './products.js';
export * from './restricted-access.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  documentTypes: documentTypesApi,
  documentSearchAccess: documentSearchAccessApi,
  documents: documentsApi,
  files: filesApi,
  products: productsApi,
  publicUserGroups: publicUserGroupsApi,
};

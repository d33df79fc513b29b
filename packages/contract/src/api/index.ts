import type { RouteDecl } from './define.js';
import { documentTypesApi } from './document-types.js';
import { documentsApi } from './documents.js';
import { filesApi } from './files.js';
import { productsApi } from './products.js';

export * from './define.js';
export * from './document-types.js';
export * from './documents.js';
export * from './files.js';
export * from './products.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  documentTypes: documentTypesApi,
  documents: documentsApi,
  files: filesApi,
  products: productsApi,
};

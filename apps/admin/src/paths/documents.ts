import { pathTo } from '../platform/paths';

/** The document management of a business unit: the list, a new document and a document. */
export const documentPatterns = {
  list: '/my-business-units/:businessUnitId/document-management',
  edit: '/my-business-units/:businessUnitId/document-management/:documentId',
} as const;

export const documentPaths = {
  list: (businessUnitId: number) => pathTo(documentPatterns.list, { businessUnitId }),
  edit: (businessUnitId: number, documentId: number | 'new') => pathTo(documentPatterns.edit, { businessUnitId, documentId }),
};

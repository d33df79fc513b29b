import { pathTo } from '../platform/paths';

/** Where a document's files live in the admin (beside the document detail of document management). */
export const filePatterns = {
  list: '/my-business-units/:businessUnitId/document-management/:documentId/files',
  create: '/my-business-units/:businessUnitId/document-management/:documentId/files/new',
  edit: '/my-business-units/:businessUnitId/document-management/:documentId/files/:fileId',
  archived: '/my-business-units/:businessUnitId/administration/archived-data-documents',
} as const;

export const filePaths = {
  create: (businessUnitId: number, documentId: number) => pathTo(filePatterns.create, { businessUnitId, documentId }),
  edit: (businessUnitId: number, documentId: number, fileId: number) => pathTo(filePatterns.edit, { businessUnitId, documentId, fileId }),
};

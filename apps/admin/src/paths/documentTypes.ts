import { pathTo } from '../platform/paths';

/** The document types of a business unit (list, `/new`, `/:id`) and its document attributes. */
export const documentTypePatterns = {
  list: '/my-business-units/:businessUnitId/backend-configuration/document-type',
  attributes: '/my-business-units/:businessUnitId/backend-configuration/document-attribute',
} as const;

export const documentTypePaths = {
  list: (businessUnitId: number) => pathTo(documentTypePatterns.list, { businessUnitId }),
};

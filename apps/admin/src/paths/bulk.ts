import { pathTo } from '../platform/paths';

/** The bulk upload pages: a product type's products, and a business unit's documents (spec 001 §2). */
export const bulkPatterns = {
  productUpload: '/my-business-units/:businessUnitId/product-types/:productTypeId/bulk-upload',
  documentUpload: '/my-business-units/:businessUnitId/document-management/bulk-upload',
} as const;

export const bulkPaths = {
  productUpload: (businessUnitId: number, productTypeId: number) => pathTo(bulkPatterns.productUpload, { businessUnitId, productTypeId }),
  documentUpload: (businessUnitId: number) => pathTo(bulkPatterns.documentUpload, { businessUnitId }),
};

import { pathTo } from '../platform/paths';

/** The product remarks of a business unit (list, `/new`, `/:remarkId`). */
export const remarkPatterns = {
  list: '/my-business-units/:businessUnitId/backend-configuration/product-remark',
} as const;

export const remarkPaths = {
  list: (businessUnitId: number) => pathTo(remarkPatterns.list, { businessUnitId }),
};

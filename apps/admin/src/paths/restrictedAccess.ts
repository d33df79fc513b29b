import { pathTo } from '../platform/paths';

/** The restricted user groups of a unit (list, `/new`, `/:groupId`) and who may use its restricted search. */
export const restrictedAccessPatterns = {
  groups: '/my-business-units/:businessUnitId/document-management/restricted-access',
  searchAccess: '/my-business-units/:businessUnitId/document-management/search-access',
} as const;

export const restrictedAccessPaths = {
  groups: (businessUnitId: number) => pathTo(restrictedAccessPatterns.groups, { businessUnitId }),
};

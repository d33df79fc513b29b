/** The restricted user groups of a unit (list, `/new`, `/:groupId`). */
export const restrictedAccessPath = (businessUnitId: number) =>
  `/my-business-units/${businessUnitId}/document-management/restricted-access`;
/** The unit's settings, where restricted user groups are switched on. */
export const businessUnitSettingsPath = (businessUnitId: number) => `/general-settings/business-unit/${businessUnitId}/edit`;

export const documentTypesPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/backend-configuration/document-type`;
export const documentAttributesPath = (businessUnitId: number) =>
  `/my-business-units/${businessUnitId}/backend-configuration/document-attribute`;

export const documentTypesPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/backend-configuration/document-type`;

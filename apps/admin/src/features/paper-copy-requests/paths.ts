/** administration → paper-copy-requests of a unit. */
export const paperCopyRequestsPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/administration/paper-copy-requests`;

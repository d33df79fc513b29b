/** The document management of a business unit: the list, a new document and a document. */
export const documentsPath = (businessUnitId: number) => `/my-business-units/${businessUnitId}/document-management`;

export const documentPath = (businessUnitId: number, documentId: number | 'new') => `${documentsPath(businessUnitId)}/${documentId}`;

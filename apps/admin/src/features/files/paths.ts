/** Where a document's files live in the admin (beside the document detail of document management). */
export const documentPath = (businessUnitId: number, documentId: number) =>
  `/my-business-units/${businessUnitId}/document-management/${documentId}`;
export const documentFilesPath = (businessUnitId: number, documentId: number) => `${documentPath(businessUnitId, documentId)}/files`;
export const newFilePath = (businessUnitId: number, documentId: number) => `${documentFilesPath(businessUnitId, documentId)}/new`;
export const filePath = (businessUnitId: number, documentId: number, fileId: number) =>
  `${documentFilesPath(businessUnitId, documentId)}/${fileId}`;
/** The API address of a version's binary (default: the current version). */
export const binaryUrl = (fileId: number, versionId?: number, inline = false) => {
  const q = new URLSearchParams();
  if (versionId !== undefined) q.set('file-version', String(versionId));
  if (inline) q.set('disposition', 'inline');
  const qs = q.toString();
  return `/api/files/${fileId}/binary${qs ? `?${qs}` : ''}`;
};

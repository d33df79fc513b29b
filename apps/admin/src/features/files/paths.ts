import { filesApi } from '@vellum/contract';
import { urlOf } from '../../api/call';

/** Where a document's files live in the admin (beside the document detail of document management). */
export const documentPath = (businessUnitId: number, documentId: number) =>
  `/my-business-units/${businessUnitId}/document-management/${documentId}`;
export const documentFilesPath = (businessUnitId: number, documentId: number) => `${documentPath(businessUnitId, documentId)}/files`;
export const newFilePath = (businessUnitId: number, documentId: number) => `${documentFilesPath(businessUnitId, documentId)}/new`;
export const filePath = (businessUnitId: number, documentId: number, fileId: number) =>
  `${documentFilesPath(businessUnitId, documentId)}/${fileId}`;
/** The API address of a version's binary (default: the current version). */
export const binaryUrl = (fileId: number, versionId?: number, inline = false) =>
  urlOf(filesApi.downloadBinary, {
    params: { id: fileId },
    query: { 'file-version': versionId, disposition: inline ? 'inline' : undefined },
  });

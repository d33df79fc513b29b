import { filesApi } from '@vellum/contract';
import { urlOf } from '../../api/call';

/** The API address of a version's binary (default: the current version). */
export const binaryUrl = (fileId: number, versionId?: number, inline = false) =>
  urlOf(filesApi.downloadBinary, {
    params: { id: fileId },
    query: { 'file-version': versionId, disposition: inline ? 'inline' : undefined },
  });

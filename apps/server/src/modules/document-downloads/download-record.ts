import type { DownloadRecord } from '../../platform/download-recorder.js';
import type { DownloadableFile, LivePublication, Visitor } from '../public-read/index.js';

/**
 * The record of one confirmed download, from what the read model answered for it
 * (`fileForDownload`) and the visitor's choices; the site's download route hands it to
 * `deps.downloads.record()`. Only the visitor's country, language and audience are kept.
 */
export function downloadRecordOf(live: LivePublication, file: DownloadableFile, visitor: Visitor, at: Date = new Date()): DownloadRecord {
  return {
    at,
    businessUnitId: live.businessUnitId,
    publicationNumber: live.number,
    productTypeId: file.productTypeId,
    productTypeName: file.productTypeName,
    keyCode: file.keyCode,
    audience: visitor.audience,
    documentId: file.document.documentId,
    documentNumber: file.document.number,
    documentName: file.document.name,
    fileId: file.file.fileId,
    fileName: file.file.name,
    fileVersionId: file.version.fileVersionId,
    version: file.version.label,
    versionDate: file.version.versionDate,
    country: visitor.country.toUpperCase(),
    language: visitor.language.toLowerCase(),
  };
}

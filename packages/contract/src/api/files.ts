import { z } from 'zod';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  archivedFileSchema,
  documentLotRangeSchema,
  FileErrorKeys as E,
  fileArchiveBody,
  fileBinaryQuery,
  fileBinaryWriteQuery,
  fileCreateBody,
  fileDocumentQuery,
  fileSchema,
  fileUpdateBody,
  fileVersionCreateBody,
} from '../files.js';
import { retainedAnswerSchema } from '../retention.js';
import { unitQuery } from '../website-layout.js';
import { defineRoute } from './define.js';

const tags = ['files'];

/** The rules of a file as it will be stored (spec 001 §8 "Files"): countries, languages, lot ranges and dates. */
const ruleErrors = [
  E.restOfTheWorldCountries,
  E.onlyRestOfTheWorld,
  E.countryRequired,
  E.countryInvalid,
  E.languageRequired,
  E.languageNotInUnit,
  E.lotRangesWithAllLots,
  E.lotRangeRequired,
  E.lotRangeInvalid,
  E.validToBeforeDate,
  E.versionLabelExists,
] as const;

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a file and its current version',
  description:
    'versionLabel, date and validTo apply to the current version; once it is published or scheduled only validTo may change ' +
    '(error.file.versionPublished). The document cannot change; a stale version answers 409. Changing restOfTheWorld, ' +
    'remarksActive or historical needs its FILE_* right.',
  body: fileUpdateBody,
  response: { 200: fileSchema },
  errors: [...ruleErrors, E.documentCannotChange, E.versionPublished, ErrorKeys.idMismatch],
} as const;

/** The files of the documents, their versions and binaries (spec 001 §8 "Files"; decision 0032). */
export const filesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/files',
    tags,
    summary: 'The files of a document, by name, each with its versions',
    description: 'An array (x-total-count: how many) of every file of the document, archived ones included.',
    query: fileDocumentQuery,
    response: { 200: z.array(fileSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/files/:id',
    tags,
    summary: 'A file with its versions (newest first)',
    params: idParams,
    response: { 200: fileSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/files',
    tags,
    summary: 'Creates a file of a document and its first version (no binary yet, unpublished)',
    description:
      'Rules (error.file.*): rest-of-world files name no countries, others at least one; only rest-of-world files while the ' +
      "worldwide public website is on; at least one of the unit's document languages; lot ranges only when allLotNumbers is " +
      'off (then at least one), each of a product the document documents. restOfTheWorld, remarksActive and historical ' +
      'need FILE_ROTW, FILE_REMARK_ACTIVATE and FILE_HISTORICAL.',
    body: fileCreateBody,
    response: { 201: fileSchema },
    errors: [...ruleErrors, ErrorKeys.idExists],
  }),
  update: defineRoute({ ...update, path: '/api/files' }),
  updateById: defineRoute({ ...update, path: '/api/files/:id', params: idParams }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/files/:id',
    tags,
    summary: 'Deletes a file that was never published or scheduled, with its versions and binaries',
    description:
      'A file with a published or scheduled version is refused (error.file.published). A file a publication ever held is archived ' +
      'instead while its retention runs (decision 0070): 200 with the archive date and until when it is kept, and the alert ' +
      'vellumApp.file.retained (or …retainedIndefinitely); once every public version is past retention and not live, it is deleted (204).',
    params: idParams,
    response: { 200: retainedAnswerSchema },
    errors: [E.published],
  }),
  addVersion: defineRoute({
    method: 'POST',
    path: '/api/files/:id/versions',
    tags,
    summary: 'Adds a new version to a file; earlier versions stay with their dates and binaries',
    description:
      'The current version needs its binary first (error.file.binaryRequired); the label is unique in the file regardless ' +
      'of case (error.file.versionLabelExists). Versions are ordered by date, then by creation: the last is current.',
    params: idParams,
    body: fileVersionCreateBody,
    response: { 201: fileSchema },
    errors: [E.binaryRequired, E.validToBeforeDate, E.versionLabelExists],
  }),
  archive: defineRoute({
    method: 'PUT',
    path: '/api/files/:id/archive',
    tags,
    summary: 'Archives a file (from archiveDate, usually now) or restores it (archiveDate null)',
    description: 'An archived file is off the public site and stays here; a stale version answers 409.',
    params: idParams,
    body: fileArchiveBody,
    response: { 200: fileSchema },
  }),
  archived: defineRoute({
    method: 'GET',
    path: '/api/documents/archived-files',
    tags,
    summary: "The unit's files with an archive date, with their document",
    description: 'By document number and file name; x-total-count: how many.',
    query: unitQuery,
    response: { 200: z.array(archivedFileSchema) },
  }),
  lotRanges: defineRoute({
    method: 'GET',
    path: '/api/product-type-attribute-values/lot-ranges/search',
    tags,
    summary: 'The lot ranges the files of a document may be tied to',
    description:
      'The ranges of the products the document documents, directly or through its product groups (ranges linked to those ' +
      'products and ranges that apply to every product of their type). Archived ranges only while a file of the document names them.',
    query: fileDocumentQuery,
    response: { 200: z.array(documentLotRangeSchema) },
  }),
  // ---- binaries
  uploadBinary: defineRoute({
    method: 'POST',
    path: '/api/files/:id/binary',
    tags,
    summary: "Uploads the binary of a file's version (default: the current one)",
    description:
      'multipart/form-data with the file in `file`: PDF, PNG, JPEG, GIF, WebP or ZIP by its content, at most 150 MB ' +
      '(413 error.fileTooLarge, nothing kept). Replaces the version’s earlier binary; a published or scheduled version ' +
      'keeps its binary (error.file.versionPublished). `file-version` names another version of the same file.',
    params: idParams,
    query: fileBinaryWriteQuery,
    response: { 200: fileSchema },
    errors: [E.versionNotFound, E.versionPublished, ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge],
  }),
  downloadBinary: defineRoute({
    method: 'GET',
    path: '/api/files/:id/binary',
    tags,
    summary: "Downloads the binary of a file's version (default: the current one)",
    description:
      'Streamed with Content-Length, Content-Disposition (attachment, or inline with disposition=inline for the image ' +
      'preview), ETag (304) and single byte ranges (206, 416). `file-version` names an earlier version of the same file.',
    params: idParams,
    query: fileBinaryQuery,
    errors: [E.versionNotFound, E.noBinary],
  }),
  deleteBinary: defineRoute({
    method: 'DELETE',
    path: '/api/files/:id/binary',
    tags,
    summary: "Removes the binary of a file's version that is not published or scheduled (default: the current one)",
    params: idParams,
    query: fileBinaryWriteQuery,
    response: { 200: fileSchema },
    errors: [E.versionNotFound, E.noBinary, E.versionPublished],
  }),
};

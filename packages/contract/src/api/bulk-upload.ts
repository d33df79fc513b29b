import { z } from 'zod';
import { BulkErrorKeys } from '../bulk.js';
import {
  bulkJobListQuery,
  bulkJobSchema,
  bulkRowErrorQuery,
  bulkRowErrorSchema,
  bulkUploadPutQuery,
  bulkUploadUrlBody,
  bulkUploadUrlSchema,
  BulkUploadErrorKeys as E,
} from '../bulk-upload.js';
import { idParams } from '../common.js';
import { defineRoute } from './define.js';

const tags = ['bulk'];

/**
 * Bulk uploads and imports (spec 001 §4 and §7 "Bulk", issue 21): request an upload URL, PUT the
 * zip to it, call upload-complete; the import runs as a job; the status table reads the jobs.
 */
export const bulkUploadApi = {
  uploadUrl: defineRoute({
    method: 'POST',
    path: '/api/bulk/upload-url',
    tags,
    summary: 'Starts a bulk upload: answers the job id and the URL to PUT the zip to (BULK_IMPORT in the business unit)',
    description:
      'The job is UPLOADING. The zip (at most 2 GB) holds one sheet (TXT, XLS, XLSX or ODS) and, for documents, the binaries it names. ' +
      'mode CHECK runs every rule of the import and writes nothing; onError VALID_ROWS applies the valid rows (WARNING) instead of ' +
      'failing the whole import. Refused while bulk uploads are switched off.',
    body: bulkUploadUrlBody,
    response: { 201: bulkUploadUrlSchema },
    errors: [E.uploadsDisabled, E.fileTooLarge, E.productTypeRequired, E.notAZip, BulkErrorKeys.productTypeUnitMismatch],
  }),
  putZip: defineRoute({
    method: 'PUT',
    path: '/api/bulk/uploads/:id',
    tags,
    summary: "Receives an upload's zip (the URL upload-url answers with disk storage), streamed to storage",
    description:
      'Content type application/zip; the signed token of the URL names the job, is valid for the 90-minute transfer timeout and ' +
      'works once. The body must have the size announced to upload-url. The job becomes UPLOADED.',
    params: idParams,
    query: bulkUploadPutQuery,
    consumes: ['application/zip'],
    security: [],
    errors: [E.uploadLinkInvalid, E.fileTooLarge, E.notUploaded, E.uploadsDisabled],
  }),
  uploadComplete: defineRoute({
    method: 'POST',
    path: '/api/bulk/upload-complete/:id',
    tags,
    summary: 'Queues the import of an uploaded zip (BULK_IMPORT in its business unit)',
    description: 'The zip must have arrived whole; the job goes from UPLOADED to PROCESSING on the queue.',
    params: idParams,
    response: { 200: bulkJobSchema },
    errors: [E.notUploaded, E.wrongStatus, E.uploadsDisabled],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/bulk',
    tags,
    summary: "The business unit's bulk uploads of an entity, newest first (BULK_IMPORT in the unit)",
    description: 'For PRODUCT the product type is required. page and size (default 20); the total is in x-total-count.',
    query: bulkJobListQuery,
    response: { 200: z.array(bulkJobSchema) },
    errors: [E.productTypeRequired],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/bulk/:id',
    tags,
    summary: 'One bulk upload with its progress, counts and log (BULK_IMPORT in its business unit)',
    params: idParams,
    response: { 200: bulkJobSchema },
  }),
  errors: defineRoute({
    method: 'GET',
    path: '/api/bulk/:id/errors',
    tags,
    summary: "A checked upload's errors by row and column, with the spec's messages (BULK_IMPORT in its business unit)",
    description: 'page and size (default 50); the total is in x-total-count.',
    params: idParams,
    query: bulkRowErrorQuery,
    response: { 200: z.array(bulkRowErrorSchema) },
  }),
  rejectedRows: defineRoute({
    method: 'GET',
    path: '/api/bulk/:id/rejected-rows',
    tags,
    summary: 'The rejected rows as a sheet of the uploaded format, with an Error column, to fix and upload again',
    params: idParams,
    produces: ['text/tab-separated-values', 'application/vnd.ms-excel', 'application/vnd.oasis.opendocument.spreadsheet'],
  }),
  zip: defineRoute({
    method: 'GET',
    path: '/api/bulk/:id/zip',
    tags,
    summary: 'The uploaded zip of an import, streamed as it was uploaded (BULK_IMPORT in its business unit)',
    description:
      'Kept 30 days after the import ends (what the audit may ask for), then removed: 404 once removed, and before the zip has arrived.',
    params: idParams,
    produces: ['application/zip'],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/bulk/:id/cancel',
    tags,
    summary: 'Cancels an upload while uploading, queued or processing: nothing is applied (BULK_IMPORT in its business unit)',
    params: idParams,
    response: { 200: bulkJobSchema },
    errors: [E.wrongStatus],
  }),
};

import { z } from 'zod';
import { ErrorKeys } from '../errors.js';
import {
  QualificationDocumentErrorKeys as Q,
  QUALIFICATION_DOCUMENT_MAX_BYTES,
  QUALIFICATION_DOCUMENT_SHA256_HEADER,
  QUALIFICATION_DOCUMENT_SORTS,
  qualificationDocumentIdParams,
  qualificationDocumentListQuery,
  qualificationDocumentSchema,
} from '../qualification-documents.js';
import { ValidationRecordsErrorKeys as E, VALIDATION_RECORDS_TOKEN_MINUTES, validationRecordsLinkSchema } from '../validation-records.js';
import { defineRoute } from './define.js';

const tags = ['validation-records'];
const MB = QUALIFICATION_DOCUMENT_MAX_BYTES / 1024 / 1024;

/** The validation records page's one-time address (spec 000 §7; decision 0077), and the customer's IQ/OQ/PQ documents. */
export const validationRecordsApi = {
  link: defineRoute({
    method: 'GET',
    path: '/api/account/validation-records',
    tags,
    summary: "The one-time address of the product's validation records page",
    description:
      'VALIDATION_RECORDS_MANAGE. Only while the manufacturer setting validationRecordsActive is on (else 403 ' +
      `error.validationRecords.inactive). Answers the page's address and a random token, valid ${VALIDATION_RECORDS_TOKEN_MINUTES} ` +
      'minutes and taken once, bound to the manufacturer (only its SHA-256 is stored); the admin opens ' +
      '`redirectUrl?id-token=<token>` in a new tab. The page shows the traceability matrix of the running version ' +
      '(requirements → tests, results of the last run, environment, totals), its SHA-256 and a signed PDF of it, and ' +
      "the customer's IQ/OQ/PQ documents with their SHA-256.",
    response: { 200: validationRecordsLinkSchema },
    errors: [E.inactive, ErrorKeys.forbidden],
  }),
  qualificationDocuments: defineRoute({
    method: 'GET',
    path: '/api/qualification-documents',
    tags,
    summary: "The customer's IQ/OQ/PQ documents",
    description:
      'VALIDATION_RECORDS_MANAGE. Manufacturer-wide. page and size (default 100); sort by ' +
      `${QUALIFICATION_DOCUMENT_SORTS.join(', ')} (default kind, then approval date newest first); the total is in x-total-count.`,
    query: qualificationDocumentListQuery,
    response: { 200: z.array(qualificationDocumentSchema) },
  }),
  /** A multipart upload: the handler reads the fields and the file. */
  uploadQualificationDocument: defineRoute({
    method: 'POST',
    path: '/api/qualification-documents',
    tags,
    summary: 'Uploads an IQ, OQ or PQ document (PDF)',
    description:
      'VALIDATION_RECORDS_MANAGE. multipart/form-data: the text fields `kind` (IQ, OQ or PQ), `title` (1–255 characters), ' +
      '`version` (1–50 characters) and `approvalDate` (yyyy-mm-dd, not in the future: ' +
      `${Q.approvalDateInFuture}) first, then the file in \`file\`: a PDF by its content (else 400 ` +
      `${ErrorKeys.unsupportedContentType}), at most ${QUALIFICATION_DOCUMENT_MAX_BYTES.toLocaleString('en')} bytes (${MB} MB; 413 ` +
      `${ErrorKeys.fileTooLarge}, nothing kept). Its SHA-256 is computed while it is stored. Audited.`,
    consumes: ['multipart/form-data'],
    response: { 201: qualificationDocumentSchema },
    errors: [Q.approvalDateInFuture, ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge],
  }),
  /** Binary: the PDF. */
  downloadQualificationDocument: defineRoute({
    method: 'GET',
    path: '/api/qualification-documents/:id/file',
    tags,
    summary: 'Downloads an IQ, OQ or PQ document',
    description: `VALIDATION_RECORDS_MANAGE. The PDF, streamed, with the SHA-256 (hex) of the whole file in \`${QUALIFICATION_DOCUMENT_SHA256_HEADER}\` and \`repr-digest\`.`,
    params: qualificationDocumentIdParams,
    produces: ['application/pdf'],
  }),
  deleteQualificationDocument: defineRoute({
    method: 'DELETE',
    path: '/api/qualification-documents/:id',
    tags,
    summary: 'Deletes an IQ, OQ or PQ document and its file',
    description: 'VALIDATION_RECORDS_MANAGE. Audited with what the document was (kind, title, version, approval date, file name, SHA-256).',
    params: qualificationDocumentIdParams,
  }),
};

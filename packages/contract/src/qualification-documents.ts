import { z } from 'zod';
import { INT4_MAX, intInput, nameText, pageQuery } from './common.js';
import { FILE_BINARY_MAX_BYTES } from './files.js';

/**
 * The customer's own qualification documents (issue 24, decision 0077): IQ, OQ and PQ reports as
 * PDF, manufacturer-wide, with their version and approval date, kept with their SHA-256 and listed
 * on the validation records page beside the generated records. VALIDATION_RECORDS_MANAGE.
 */

export const QUALIFICATION_DOCUMENT_KINDS = ['IQ', 'OQ', 'PQ'] as const;
export type QualificationDocumentKind = (typeof QUALIFICATION_DOCUMENT_KINDS)[number];
export const QUALIFICATION_DOCUMENT_TITLE_MAX = 255;
export const QUALIFICATION_DOCUMENT_VERSION_MAX = 50;
/** As large as a document's file may be (spec 001 §9: 150 MB). */
export const QUALIFICATION_DOCUMENT_MAX_BYTES = FILE_BINARY_MAX_BYTES;
/** The header a download carries the SHA-256 (hex) of the whole file in, as the list shows it. */
export const QUALIFICATION_DOCUMENT_SHA256_HEADER = 'x-content-sha256';

export const QualificationDocumentErrorKeys = {
  /** The approval date lies after today. */
  approvalDateInFuture: 'error.qualificationDocument.approvalDateInFuture',
} as const;

/**
 * The latest day that is "today" somewhere (UTC+14): an approval date up to it is not in the
 * future for the person entering it, wherever they are.
 */
function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The text fields of an upload (multipart, sent before the file): kind, title, version 1–50
 * characters and the approval date (yyyy-mm-dd, not in the future). The admin's form checks them
 * with the same schema.
 */
export const qualificationDocumentFields = z.object({
  kind: z.enum(QUALIFICATION_DOCUMENT_KINDS, { error: 'Pattern' }),
  title: nameText().trim().min(1, 'NotBlank').max(QUALIFICATION_DOCUMENT_TITLE_MAX, 'Size'),
  version: nameText().trim().min(1, 'NotBlank').max(QUALIFICATION_DOCUMENT_VERSION_MAX, 'Size'),
  approvalDate: z.iso
    .date('Pattern')
    .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || d <= latestToday(), QualificationDocumentErrorKeys.approvalDateInFuture),
});
export type QualificationDocumentFields = z.input<typeof qualificationDocumentFields>;

export const qualificationDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUALIFICATION_DOCUMENT_KINDS),
  title: z.string(),
  version: z.string(),
  /** yyyy-mm-dd */
  approvalDate: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedBy: z.string(),
  uploadedDate: z.string(),
});
export type QualificationDocument = z.output<typeof qualificationDocumentSchema>;

/** The columns the list sorts by (default: kind, then approval date, newest first). */
export const QUALIFICATION_DOCUMENT_SORTS = ['kind', 'title', 'version', 'approvalDate', 'fileName', 'size', 'uploadedDate'] as const;
export const qualificationDocumentListQuery = pageQuery.extend({ size: intInput(1, 2000).default(100) });

export const qualificationDocumentIdParams = z.object({ id: intInput(1, INT4_MAX) });

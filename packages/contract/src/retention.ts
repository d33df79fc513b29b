import { z } from 'zod';
import { idSchema, pageableSchema, pageQuery } from './common.js';

/**
 * Retention of what was public (EU 2021/2226 art. 7, decision 0070): a file version that a
 * publication ever held is kept, with its dates, until its retention ends: the products its document
 * documented in those publications, their last end-of-life date plus their product type's retention
 * years. A product without an end-of-life date (or no longer in the catalogue) holds it indefinitely.
 */

/** Why a version is held until when it is: END_OF_LIFE (a date), NO_END_DATE or NO_PRODUCT (indefinitely). */
export const RETENTION_BASES = ['END_OF_LIFE', 'NO_END_DATE', 'NO_PRODUCT'] as const;
export type RetentionBasis = (typeof RETENTION_BASES)[number];

/** One file version that was public, as the retention report lists it. */
export const retainedVersionSchema = z.object({
  fileVersionId: z.number(),
  fileId: z.number(),
  fileName: z.string(),
  documentId: z.number(),
  documentNumber: z.string(),
  versionLabel: z.string(),
  versionDate: z.string(),
  /** ISO date-time the version was (first) published. */
  publishDate: z.string().nullable(),
  /** The file's archive date (ISO date-time), if archived. */
  archiveDate: z.string().nullable(),
  /** The rule that holds it longest: its product type (null when no product of the catalogue names it). */
  productTypeId: z.number().nullable(),
  productTypeName: z.string().nullable(),
  retentionYears: z.number().nullable(),
  implantable: z.boolean().nullable(),
  /** The last end-of-life date counted (ISO date), null when held indefinitely. */
  endOfLifeDate: z.string().nullable(),
  basis: z.enum(RETENTION_BASES),
  /** ISO date until which it is kept (inclusive); null: indefinitely. */
  retainedUntil: z.string().nullable(),
  /** The unit's live publication holds it: never purged. */
  live: z.boolean(),
  /** Past its retention and not live: the purge removes it. */
  purgeable: z.boolean(),
});
export type RetainedVersion = z.infer<typeof retainedVersionSchema>;

export const retentionReportQuery = pageQuery.extend({
  'business-unit': idSchema,
  /** true: only what may be purged now. */
  purgeable: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const retentionReportSchema = z.object({
  items: z.array(retainedVersionSchema),
  pageable: pageableSchema,
  /** How many versions are held, and how many may be purged now (over the whole unit). */
  held: z.number(),
  purgeableCount: z.number(),
});
export type RetentionReport = z.infer<typeof retentionReportSchema>;

export const retentionPurgeQuery = z.object({ 'business-unit': idSchema });
/** What a purge removed. */
export const retentionPurgeSchema = z.object({
  businessUnitId: z.number(),
  versions: z.number(),
  files: z.number(),
  /** Documents left without any file by the purge, deleted with it (decision 0082). */
  documents: z.number(),
  binaries: z.number(),
});
export type RetentionPurge = z.infer<typeof retentionPurgeSchema>;

/** What a delete of a file or document answers when it archived instead (a version was public and is still retained). */
export const retainedAnswerSchema = z.object({
  archived: z.literal(true),
  /** The archive date now set on the file(s) (ISO date-time). */
  archiveDate: z.string(),
  /** ISO date until which it is kept; null: indefinitely. */
  retainedUntil: z.string().nullable(),
});
export type RetainedAnswer = z.infer<typeof retainedAnswerSchema>;

/** Success messages of the retention rule (x-vellum-alert). */
export const RetentionAlerts = {
  /** param: the file's name */
  fileRetained: 'vellumApp.file.retained',
  fileRetainedIndefinitely: 'vellumApp.file.retainedIndefinitely',
  /** param: the document's number */
  documentRetained: 'vellumApp.document.retained',
  documentRetainedIndefinitely: 'vellumApp.document.retainedIndefinitely',
  /** param: how many versions */
  purged: 'vellumApp.retention.purged',
} as const;

import { z } from 'zod';
import { idSchema, plainText } from './common.js';

/**
 * Bulk import and export (spec 001 §2–§9, issue 21, decision 0056): jobs that run on the job
 * queue, never in the request. This part holds the global switch and the products' export.
 */

/** What a bulk job reads or writes (spec 001 §7: PRODUCT or DOCUMENT). */
export const BULK_ENTITIES = ['PRODUCT', 'DOCUMENT'] as const;
export type BulkEntity = (typeof BULK_ENTITIES)[number];

/** The sheet formats of an export or a template (spec 001 §3); TXT is the default (§9). */
export const BULK_FILE_FORMATS = ['TXT', 'XLS', 'ODS'] as const;
export type BulkFileFormat = (typeof BULK_FILE_FORMATS)[number];

/** The states of a bulk job (spec 001 §4; an export goes from PROCESSING to SUCCESS or FAILED). */
export const BULK_JOB_STATUSES = ['UPLOADING', 'UPLOADED', 'PROCESSING', 'SUCCESS', 'FAILED', 'WARNING'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** GET|PUT api/bulk/active: whether bulk uploads are on, for every manufacturer's unit. */
export const bulkActiveSchema = z.object({ active: z.boolean() });
export type BulkActive = z.infer<typeof bulkActiveSchema>;

/** 'product type id required for bulk upload' (spec 001 §8): PRODUCT names its product type. */
const BULK_PRODUCT_TYPE_REQUIRED = 'error.bulk.productTypeRequired';

/**
 * GET api/bulk/export: the products of a product type (PRODUCT needs `product-type`), or the
 * documents of the business unit with their current binaries (DOCUMENT; decision 0058).
 */
export const bulkExportQuery = z
  .object({
    entity: z.enum(BULK_ENTITIES),
    'business-unit': idSchema,
    /** Required for PRODUCT; ignored for DOCUMENT. */
    'product-type': idSchema.optional(),
    'file-format': z.enum(BULK_FILE_FORMATS).default('TXT'),
  })
  .superRefine((q, ctx) => {
    if (q.entity === 'PRODUCT' && q['product-type'] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['product-type'], message: BULK_PRODUCT_TYPE_REQUIRED });
    }
  });
export type BulkExportQuery = z.input<typeof bulkExportQuery>;

/** GET api/bulk/exports/{id}/download?token: the signed link of the export's e-mail. */
export const bulkExportDownloadQuery = z.object({ token: plainText().min(1, 'NotBlank').max(2000, 'Size') });

/** Message keys of bulk jobs (spec 001 §8). */
export const BulkErrorKeys = {
  exportInProgress: 'error.bulk.exportInProgress',
  productTypeRequired: BULK_PRODUCT_TYPE_REQUIRED,
  productTypeUnitMismatch: 'error.bulk.productTypeBusinessUnitMismatch',
  downloadLinkInvalid: 'error.bulk.downloadLinkInvalid',
} as const;

/** The success message of a requested export (spec 001 §8). */
export const BULK_EXPORT_REQUESTED = 'vellumApp.bulk.exportRequested';

/**
 * GET api/bulk/template: the sheet a user fills for an import (spec 001 §7): PRODUCT needs its
 * product type, DOCUMENT its business unit; TXT (the default), XLS or ODS.
 */
export const bulkTemplateQuery = z.object({
  entity: z.enum(BULK_ENTITIES),
  'business-unit': idSchema,
  'product-type': idSchema.optional(),
  'file-format': z.enum(BULK_FILE_FORMATS).default('TXT'),
});
export type BulkTemplateQuery = z.input<typeof bulkTemplateQuery>;

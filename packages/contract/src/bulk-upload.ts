import { z } from 'zod';
import { BULK_ENTITIES, BULK_FILE_FORMATS, BULK_JOB_STATUSES } from './bulk.js';
import { bodyId, idSchema, intInput, nameText, pageQuery } from './common.js';

/**
 * Bulk uploads and imports (spec 001 §4: request an upload URL, put the zip to it, call
 * upload-complete; issue 21). The import is a job on the queue; this file holds what a client
 * sends and reads of it.
 */

/** Spec 001 §5: a bulk zip is at most 2 GB. */
export const BULK_ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * IMPORT applies the sheet; CHECK ("check only") runs the very same validation and writes nothing
 * but the job's own report.
 */
export const BULK_IMPORT_MODES = ['IMPORT', 'CHECK'] as const;
export type BulkImportMode = (typeof BULK_IMPORT_MODES)[number];

/**
 * ALL_OR_NOTHING (the default): any rejected row fails the import and nothing changes.
 * VALID_ROWS: the valid rows are applied (WARNING), the rejected ones reported.
 */
export const BULK_ON_ERROR = ['ALL_OR_NOTHING', 'VALID_ROWS'] as const;
export type BulkOnError = (typeof BULK_ON_ERROR)[number];

/** Message keys of uploads and imports (spec 001 §8). */
export const BulkUploadErrorKeys = {
  /** 'Bulk uploads are currently disabled because of a system update.' */
  uploadsDisabled: 'error.bulk.uploadsDisabled',
  /** 'File exceeds the maximum size of 2GB' */
  fileTooLarge: 'error.bulk.fileTooLarge',
  /** 'product type id required for bulk upload' */
  productTypeRequired: 'error.bulk.productTypeRequired',
  /** The file to upload is not a .zip. */
  notAZip: 'error.bulk.notAZip',
  /** upload-complete before the zip arrived (or with another size than announced). */
  notUploaded: 'error.bulk.notUploaded',
  /** The upload address is expired, for another upload, or already used. */
  uploadLinkInvalid: 'error.bulk.uploadLinkInvalid',
  /** Cancel or upload-complete in a state that does not allow it. */
  wrongStatus: 'error.bulk.wrongStatus',
} as const;

/**
 * Message keys of an import's errors by row and column (GET api/bulk/{id}/errors), besides the
 * products API's own keys, which a row answers as the API would.
 */
export const BulkImportRowKeys = {
  /** A column whose header names no field of the sheet (params: header). */
  unknownColumn: 'error.bulk.unknownColumn',
  /** A column the sheet must have (params: header). */
  missingColumn: 'error.bulk.missingColumn',
  /** The same column twice (params: header). */
  duplicateColumn: 'error.bulk.duplicateColumn',
  /** The same key code on two rows of the sheet (params: keyCode, row: the first). */
  duplicateKeyCode: 'error.bulk.duplicateKeyCode',
  /** A product group name the product type does not have (params: name). */
  productGroupNotFound: 'error.bulk.productGroupNotFound',
  /** A lot range name the product type does not have (params: name). */
  lotRangeNotFound: 'error.bulk.lotRangeNotFound',
  /** More cells than the header has columns. */
  tooManyCells: 'error.bulk.tooManyCells',
  /** Documents: a document type name the unit does not have (params: name). */
  documentTypeNotFound: 'error.bulk.documentTypeNotFound',
  /** Documents: a key code no product of the unit has (params: keyCode). */
  productNotFound: 'error.bulk.productNotFound',
  /** Documents: a document cell that differs from the first row of the same number (params: header, row: the first). */
  documentCellDisagrees: 'error.bulk.documentCellDisagrees',
  /** Documents: the same file name twice for one document (params: name, row: the first). */
  duplicateFile: 'error.bulk.duplicateFile',
  /** Documents: file cells filled in without a file name. */
  fileNameRequired: 'error.bulk.fileNameRequired',
  /** Documents: a binary path that climbs out of the zip or is absolute (params: path). */
  binaryPathInvalid: 'error.bulk.binaryPathInvalid',
  /** Documents: a binary path the zip holds no file at (params: path). */
  binaryNotInZip: 'error.bulk.binaryNotInZip',
  /** Documents: a yes/no cell holding something else (params: value). */
  yesOrNo: 'error.bulk.yesOrNo',
  /** Documents: an archive date that is not an ISO 8601 instant (params: value). */
  instantInvalid: 'error.bulk.instantInvalid',
} as const;

/** POST api/bulk/upload-url */
export const bulkUploadUrlBody = z
  .object({
    entity: z.enum(BULK_ENTITIES),
    businessUnitId: bodyId(1),
    /** Required for PRODUCT (the product type the sheet fills); ignored for DOCUMENT. */
    productTypeId: bodyId(1).optional(),
    /** The zip's name as the user chose it (shown in the status table). */
    fileName: nameText()
      .trim()
      .min(1, 'NotBlank')
      .max(255, 'Size')
      .refine((n) => n.toLowerCase().endsWith('.zip'), BulkUploadErrorKeys.notAZip),
    /** The zip's size in bytes, at most 2 GB; the upload must match it. */
    fileSize: z.number().int('Pattern').min(1, 'Min').max(BULK_ZIP_MAX_BYTES, BulkUploadErrorKeys.fileTooLarge),
    mode: z.enum(BULK_IMPORT_MODES).default('IMPORT'),
    onError: z.enum(BULK_ON_ERROR).default('ALL_OR_NOTHING'),
  })
  .superRefine((b, ctx) => {
    if (b.entity === 'PRODUCT' && b.productTypeId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['productTypeId'], message: BulkUploadErrorKeys.productTypeRequired });
    }
  });
export type BulkUploadUrlBody = z.input<typeof bulkUploadUrlBody>;

/**
 * The answer of upload-url: where to PUT the zip (content type application/zip), until when.
 * With disk storage the URL is the server's own streaming endpoint carrying a signed token; with
 * S3 storage it is a presigned URL of the bucket. `headers` are the ones the PUT must send.
 */
export const bulkUploadUrlSchema = z.object({
  id: z.number(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type BulkUploadUrl = z.infer<typeof bulkUploadUrlSchema>;

/** PUT of the zip to the server's own upload URL (disk storage). */
export const bulkUploadPutQuery = z.object({ token: nameText().min(1, 'NotBlank').max(2000, 'Size') });

/** One bulk job (an import, a check or an export) as the status table shows it (spec 001 §3 "bulk upload row"). */
export const bulkJobSchema = z.object({
  id: z.number(),
  entity: z.enum(BULK_ENTITIES),
  kind: z.enum(['IMPORT', 'EXPORT']),
  mode: z.enum(BULK_IMPORT_MODES),
  onError: z.enum(BULK_ON_ERROR),
  status: z.enum(BULK_JOB_STATUSES),
  fileName: z.string(),
  fileFormat: z.enum(BULK_FILE_FORMATS).nullable(),
  businessUnitId: z.number(),
  productTypeId: z.number().nullable(),
  userLogin: z.string(),
  createdDate: z.string(),
  processedDate: z.string().nullable(),
  /** Rows of the sheet, once read (null before). */
  rowsTotal: z.number().nullable(),
  /** Rows checked so far: the progress bar while PROCESSING. */
  rowsDone: z.number(),
  rowsCreated: z.number(),
  rowsUpdated: z.number(),
  /** Removed by a REPLACE import (what the sheet left out). */
  rowsRemoved: z.number(),
  rowsRejected: z.number(),
  /** The job's log, line by line (what happened, why it failed). */
  log: z.string(),
  /** A rejected-rows file can be downloaded. */
  hasRejectedRows: z.boolean(),
  /** The uploaded zip is stored and can be downloaded (removed 30 days after the import ends). */
  hasZip: z.boolean(),
  /** A cancel was asked and the job has not stopped yet. */
  cancelRequested: z.boolean(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** GET api/bulk: the unit's bulk jobs, newest first; PRODUCT needs its product type. */
export const bulkJobListQuery = pageQuery.extend({
  entity: z.enum(BULK_ENTITIES),
  'business-unit': idSchema,
  'product-type': idSchema.optional(),
  size: intInput(1, 200).default(20),
});
export type BulkJobListQuery = z.input<typeof bulkJobListQuery>;

/** One error of a checked row: its row (1 is the header), its column's header, the message key and its parameters. */
export const bulkRowErrorSchema = z.object({
  row: z.number(),
  column: z.string().nullable(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The cell's value as read (cut to 200 characters). */
  value: z.string().nullable(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

/** GET api/bulk/{id}/errors: page and size (default 50, at most 500), by row then column. */
export const bulkRowErrorQuery = z.object({
  page: intInput(0).default(0),
  size: intInput(1, 500).default(50),
});

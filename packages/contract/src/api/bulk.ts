import { z } from 'zod';
import { BulkErrorKeys, bulkActiveSchema, bulkExportDownloadQuery, bulkExportQuery } from '../bulk.js';
import { idParams } from '../common.js';
import { defineRoute } from './define.js';

const tags = ['bulk'];

/** Bulk jobs (spec 001 §7 "Bulk"): the global switch and the exports of products and documents. */
export const bulkApi = {
  active: defineRoute({
    method: 'GET',
    path: '/api/bulk/active',
    tags,
    summary: 'Whether bulk uploads are on (for every business unit of the manufacturer)',
    response: { 200: bulkActiveSchema },
  }),
  setActive: defineRoute({
    method: 'PUT',
    path: '/api/bulk/active',
    tags,
    summary: 'Switches bulk uploads on or off (BULK_IMPORT_ADMIN globally)',
    description: 'Running jobs finish; the change is audited.',
    body: bulkActiveSchema,
    response: { 200: bulkActiveSchema },
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/bulk/export',
    effect: 'write',
    tags,
    summary: 'Requests an export of the products of a product type or of the documents of a business unit (BULK_EXPORT in the unit)',
    description:
      'Queues the export and answers at once (202) with the success message in x-vellum-alert; the sheet (TXT: tab-separated UTF-8, ' +
      'the default; XLS or ODS) is zipped and stored, and the user is mailed a link to download it, valid 7 days and only for that user. ' +
      'PRODUCT needs product-type (the columns of the template: key code, each attribute as "Name [slug]", product groups, lot ranges). ' +
      "DOCUMENT exports the unit's documents, one row per current (not archived) file, and each file's current binary in the zip at the " +
      'path of its File column (files/<document number>/<binary name>). One export per user and entity at a time. Cells that a ' +
      "spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) are written with a leading '.",
    query: bulkExportQuery,
    response: { 202: z.object({ id: z.number() }) },
    errors: [BulkErrorKeys.exportInProgress, BulkErrorKeys.productTypeRequired, BulkErrorKeys.productTypeUnitMismatch],
  }),
  downloadExport: defineRoute({
    method: 'GET',
    path: '/api/bulk/exports/:id/download',
    tags,
    summary: "Downloads a finished export's zip with the link of its e-mail (signed in as the user who asked for it)",
    description: 'The token of the e-mail is signed, expires after 7 days and names the export and the user; anyone else gets 404.',
    params: idParams,
    query: bulkExportDownloadQuery,
    produces: ['application/zip'],
    errors: [BulkErrorKeys.downloadLinkInvalid],
  }),
};

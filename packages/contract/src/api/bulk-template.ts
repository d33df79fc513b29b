import { BulkErrorKeys, bulkTemplateQuery } from '../bulk.js';
import { BulkUploadErrorKeys } from '../bulk-upload.js';
import { defineRoute } from './define.js';

const tags = ['bulk'];

/** The import's template (spec 001 §2 "download a template", §7 GET api/bulk/template). */
export const bulkTemplateApi = {
  template: defineRoute({
    method: 'GET',
    path: '/api/bulk/template',
    tags,
    summary: 'Downloads the template of an import: one column per field the import reads, an explanation of each, one example row',
    description:
      'PRODUCT (with its product type; BULK_IMPORT in the unit): key code, each attribute definition as "Name [slug]", product groups, ' +
      'lot ranges. DOCUMENT (BULK_IMPORT in the unit): the document and its files. TXT (the default) is tab-separated UTF-8 with the ' +
      'explanation in comment lines; XLS and ODS have it on a second sheet.',
    query: bulkTemplateQuery,
    produces: ['text/tab-separated-values', 'application/vnd.ms-excel', 'application/vnd.oasis.opendocument.spreadsheet'],
    errors: [BulkUploadErrorKeys.productTypeRequired, BulkErrorKeys.productTypeUnitMismatch],
  }),
};

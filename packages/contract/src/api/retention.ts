import { retentionPurgeQuery, retentionPurgeSchema, retentionReportQuery, retentionReportSchema } from '../retention.js';
import { defineRoute } from './define.js';

const tags = ['retention'];

/** Retention of what was public (EU 2021/2226 art. 7, decision 0070): the report and the purge. */
export const retentionApi = {
  report: defineRoute({
    method: 'GET',
    path: '/api/retention/report',
    tags,
    summary: 'The file versions of a business unit that were public, by which rule and until when they are kept',
    description:
      'Every file version a publication ever held (previews aside) and still stored: its product type rule (retention years, ' +
      'implantable), the last end-of-life date counted, until when it is kept (null: indefinitely, a product without an end-of-life ' +
      'date or no longer in the catalogue) and whether it may be purged now (past retention and not in the live publication). ' +
      'purgeable=true lists only those. Kept the longest last; page (from 0) and size (default 10). DOCUMENT_READ, DOCUMENT_MANAGE or DOCUMENT_DELETE.',
    query: retentionReportQuery,
    response: { 200: retentionReportSchema },
  }),
  purge: defineRoute({
    method: 'POST',
    path: '/api/retention/purge',
    tags,
    summary: 'Removes now what is past retention in a business unit (DOCUMENT_DELETE)',
    description:
      'The versions the report marks purgeable go, with their binaries; a file left without versions goes with them. One audit row ' +
      'for the purge with its counts and one DELETE row per removed version. The daily job does the same for every unit.',
    query: retentionPurgeQuery,
    response: { 200: retentionPurgeSchema },
  }),
};

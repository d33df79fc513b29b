import { ErrorKeys } from '../errors.js';
import { ValidationRecordsErrorKeys as E, VALIDATION_RECORDS_TOKEN_MINUTES, validationRecordsLinkSchema } from '../validation-records.js';
import { defineRoute } from './define.js';

const tags = ['validation-records'];

/** The validation records page's one-time address (spec 000 §7; decision 0077). */
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
      '(requirements → tests, results of the last run, environment, totals), its SHA-256 and a signed PDF of it.',
    response: { 200: validationRecordsLinkSchema },
    errors: [E.inactive, ErrorKeys.forbidden],
  }),
};

import { z } from 'zod';

/**
 * Validation records (issue 24; spec 000 §2, §7; decision 0077): when the manufacturer's setting
 * validationRecordsActive is on, administration → validation records opens the product's own
 * validation records page (the traceability matrix of the running version) in a new tab, through a
 * short-lived one-time token.
 */

/** How long the token of the records page is valid. */
export const VALIDATION_RECORDS_TOKEN_MINUTES = 5;
/** The query parameter the records page takes the token in (spec 000 §7: "the token as id-token"). */
export const VALIDATION_RECORDS_TOKEN_PARAM = 'id-token';

export const ValidationRecordsErrorKeys = {
  /** validationRecordsActive is off. */
  inactive: 'error.validationRecords.inactive',
} as const;

export const validationRecordsLinkSchema = z.object({
  redirectUrl: z.string().describe("The records page's address; open it with `?id-token=<token>` in a new tab."),
  token: z.string().describe(`One-time token, valid ${VALIDATION_RECORDS_TOKEN_MINUTES} minutes.`),
});
export type ValidationRecordsLink = z.infer<typeof validationRecordsLinkSchema>;

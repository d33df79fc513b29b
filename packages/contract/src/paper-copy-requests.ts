import { z } from 'zod';
import {
  bodyId,
  emailSchema,
  INT4_MAX,
  idSchema,
  intInput,
  multiLineText,
  nameText,
  pageQuery,
  textFault,
  versionField,
} from './common.js';
import { countryCode, languageCode } from './regions-languages.js';

/**
 * Paper copies of instructions for use (issue 12; EU 2021/2226 art. 7: on request, free of charge,
 * within 7 calendar days; decision 0041). A visitor asks on a document of the public site; the
 * manufacturer's team sees the requests in administration → paper-copy-requests and marks each
 * one sent.
 */

/** The regulation's deadline, in days from the request. */
export const PAPER_COPY_DAYS = 7;

export const PaperCopyErrorKeys = {
  /** PUT …/sent on a request already marked sent (with its current version). */
  alreadySent: 'error.paperCopyRequest.alreadySent',
} as const;

export const PAPER_COPY_STATES = ['OPEN', 'OVERDUE', 'SENT'] as const;
export type PaperCopyState = (typeof PAPER_COPY_STATES)[number];

/** The longest postal address, and its most lines: enough for any country's format. */
export const POSTAL_ADDRESS_MAX = 500;
export const POSTAL_ADDRESS_MAX_LINES = 10;

/**
 * What the visitor fills in on the public form: name, postal address (several lines), e-mail and
 * the language the copy is wanted in. Plain text only; the address is trimmed, its lines counted.
 */
export const paperCopyRequestForm = z.object({
  name: nameText().trim().min(1, 'NotBlank').max(100, 'Size'),
  postalAddress: multiLineText()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, 'NotBlank')
        .max(POSTAL_ADDRESS_MAX, 'Size')
        .refine((s) => s.split('\n').length <= POSTAL_ADDRESS_MAX_LINES, 'Size'),
    ),
  email: emailSchema,
  language: languageCode,
});
export type PaperCopyRequestForm = z.output<typeof paperCopyRequestForm>;

/** The longest street line, postcode and city of the site's form. */
export const PAPER_COPY_STREET_MAX = 200;
export const PAPER_COPY_POSTCODE_MAX = 20;
export const PAPER_COPY_CITY_MAX = 100;

const oneLineField = (max: number) => nameText().trim().min(1, 'NotBlank').max(max, 'Size');

/**
 * The public website's form (decision 0044): the address in parts (street, postcode, city, and a
 * country of the site, prefilled from the visitor's choice), which the site joins into the
 * request's postal address. The e-mail and the language of the copy as in paperCopyRequestForm.
 * Anything else the form carries (its signed token, the trap field) is checked by the site.
 */
export const paperCopySiteForm = z.object({
  name: paperCopyRequestForm.shape.name,
  street: oneLineField(PAPER_COPY_STREET_MAX),
  postcode: oneLineField(PAPER_COPY_POSTCODE_MAX),
  city: oneLineField(PAPER_COPY_CITY_MAX),
  country: z.string().trim().toUpperCase().pipe(countryCode),
  email: emailSchema,
  language: languageCode,
});
export type PaperCopySiteForm = z.output<typeof paperCopySiteForm>;

const snapshotText = (max: number) =>
  z
    .string()
    .max(max, 'Size')
    .refine((s) => textFault(s, { multiLine: true }) === undefined, 'Pattern');
const snapshotId = z.number().int().min(1).max(INT4_MAX);

/**
 * What the visitor asked about, as the site resolved it from the live publication (never from the
 * visitor's input): copied into the request so it keeps saying what to send.
 */
export const paperCopyDocument = z.object({
  businessUnitId: snapshotId,
  publicationNumber: snapshotId,
  productTypeId: snapshotId.nullish(),
  productTypeName: snapshotText(500).nullish(),
  keyCode: snapshotText(500).nullish(),
  documentId: snapshotId,
  documentNumber: snapshotText(500),
  documentName: snapshotText(1000),
  fileId: snapshotId.nullish(),
  fileName: snapshotText(1000).nullish(),
  versionLabel: snapshotText(500).nullish(),
});
export type PaperCopyDocument = z.input<typeof paperCopyDocument>;

export const paperCopyRequestSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  publicationNumber: z.number(),
  productTypeId: z.number().nullable(),
  productTypeName: z.string().nullable(),
  keyCode: z.string().nullable(),
  documentId: z.number(),
  documentNumber: z.string(),
  documentName: z.string(),
  fileId: z.number().nullable(),
  fileName: z.string().nullable(),
  versionLabel: z.string().nullable(),
  requesterName: z.string(),
  postalAddress: z.string(),
  email: z.string(),
  language: z.string(),
  createdDate: z.string(),
  /** createdDate + 7 days. */
  dueDate: z.string(),
  sentDate: z.string().nullable(),
  /** The login of who marked it sent. */
  sentBy: z.string().nullable(),
  /** OPEN (to send, in time), OVERDUE (to send, past its due date), SENT. */
  state: z.enum(PAPER_COPY_STATES),
  /**
   * Whole days left of the 7 until the due date, counted up (7 just after the request, 1 on its
   * last day, 0 or less once overdue); null once sent.
   */
  daysLeft: z.number().nullable(),
  version: z.number(),
});
export type PaperCopyRequest = z.infer<typeof paperCopyRequestSchema>;

/**
 * GET api/paper-copy-requests: state open (not sent yet, overdue ones included), overdue (not sent,
 * past due) or sent; sort dueDate (the default, ascending), createdDate, sentDate or id.
 */
export const paperCopyRequestListQuery = z.object({
  'business-unit': idSchema,
  state: z.enum(['open', 'sent', 'overdue']).optional(),
  page: pageQuery.shape.page,
  size: intInput(1, 2000).default(20),
  sort: z
    .string()
    .regex(/^(dueDate|createdDate|sentDate|id)(,(asc|desc))?$/, 'Pattern')
    .optional(),
});

/** PUT api/paper-copy-requests/{id}/sent: the version the user saw (a stale one answers 409). */
export const paperCopySentBody = z.object({ version: versionField });

/** The answer of the public form once the request is stored. */
export const paperCopyReceiptSchema = z.object({
  id: bodyId(),
  dueDate: z.string(),
  /** Whether the confirmation mail went out (the request is stored either way). */
  mailed: z.boolean(),
});
export type PaperCopyReceipt = z.infer<typeof paperCopyReceiptSchema>;

/**
 * What the public site hands to the server's requestPaperCopy: the document as resolved from the
 * live publication, and the visitor's form fields beside it.
 */
export const paperCopyRequestInput = paperCopyDocument.extend(paperCopyRequestForm.shape);
export type PaperCopyRequestInput = z.input<typeof paperCopyRequestInput>;

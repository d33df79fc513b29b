import { z } from 'zod';
import { BULK_FILE_FORMATS } from './bulk.js';
import { bodyId, emailSchema, idSchema, intInput, pageQuery, plainText, versionField } from './common.js';

/**
 * Scheduled exports (issue 21, spec 001 §8 "scheduled bulk export exists or not found", decision
 * 0059): a business unit's export of a product type's products, or of its documents, made on a
 * schedule and mailed to chosen addresses as links that need signing in. Hours are in the
 * schedule's IANA time zone.
 */

/** What a schedule exports: the products of one product type, or the unit's documents. */
export const SCHEDULED_EXPORT_ENTITIES = ['PRODUCT', 'DOCUMENT'] as const;
export type ScheduledExportEntity = (typeof SCHEDULED_EXPORT_ENTITIES)[number];
export const SCHEDULED_EXPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ScheduledExportFrequency = (typeof SCHEDULED_EXPORT_FREQUENCIES)[number];
/** At most this many addresses receive a schedule's mail. */
export const SCHEDULED_EXPORT_RECIPIENTS_MAX = 20;
/** A monthly export's day: 1 to 28, so that every month has it. */
export const SCHEDULED_EXPORT_MONTH_DAY_MAX = 28;

/** The time zone of schedules that name none (and of those made before schedules had one). */
export const SCHEDULED_EXPORT_DEFAULT_TIME_ZONE = 'UTC';

let zones: Set<string> | undefined;
/** An IANA time zone this runtime knows (`Intl.supportedValuesOf('timeZone')`, and UTC). */
export function isTimeZone(value: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones.has(value);
}

const fieldShape = {
  businessUnitId: bodyId(0),
  entity: z.enum(SCHEDULED_EXPORT_ENTITIES).default('PRODUCT'),
  /** PRODUCT only (required there); a DOCUMENT schedule has none. */
  productTypeId: bodyId().nullable().default(null),
  fileFormat: z.enum(BULK_FILE_FORMATS).default('TXT'),
  frequency: z.enum(SCHEDULED_EXPORT_FREQUENCIES),
  /** ISO day of the week, 1 Monday to 7 Sunday: WEEKLY only. */
  dayOfWeek: z.number().int('Pattern').min(1, 'Min').max(7, 'Max').nullable().default(null),
  /** 1 to 28: MONTHLY only. */
  dayOfMonth: z.number().int('Pattern').min(1, 'Min').max(SCHEDULED_EXPORT_MONTH_DAY_MAX, 'Max').nullable().default(null),
  /** The hour of the day in `timeZone`. */
  hour: z.number().int('Pattern').min(0, 'Min').max(23, 'Max'),
  /** An IANA time zone, e.g. Europe/Brussels: the runs follow its daylight saving time. */
  timeZone: z.string().max(64, 'Size').refine(isTimeZone, 'Pattern').default(SCHEDULED_EXPORT_DEFAULT_TIME_ZONE),
  recipients: z.array(emailSchema).min(1, 'NotEmpty').max(SCHEDULED_EXPORT_RECIPIENTS_MAX, 'Size'),
  active: z.boolean().default(true),
};

interface Timing {
  entity: ScheduledExportEntity;
  productTypeId: number | null;
  frequency: ScheduledExportFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  recipients: string[];
}

/** A product schedule's product type and the day the frequency needs are set; each address once. */
function checkTiming(v: Timing, ctx: z.RefinementCtx): void {
  if (v.entity === 'PRODUCT' && v.productTypeId === null) ctx.addIssue({ code: 'custom', path: ['productTypeId'], message: 'NotNull' });
  if (v.frequency === 'WEEKLY' && v.dayOfWeek === null) ctx.addIssue({ code: 'custom', path: ['dayOfWeek'], message: 'NotNull' });
  if (v.frequency === 'MONTHLY' && v.dayOfMonth === null) ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'NotNull' });
  const seen = new Set<string>();
  v.recipients.forEach((r, i) => {
    if (seen.has(r)) ctx.addIssue({ code: 'custom', path: ['recipients', i], message: 'Duplicate' });
    seen.add(r);
  });
}

/** A day that the frequency does not use, a product type for documents, are not kept. */
const withoutUnusedDay = <T extends Timing>(v: T): T => ({
  ...v,
  productTypeId: v.entity === 'PRODUCT' ? v.productTypeId : null,
  dayOfWeek: v.frequency === 'WEEKLY' ? v.dayOfWeek : null,
  dayOfMonth: v.frequency === 'MONTHLY' ? v.dayOfMonth : null,
});

/**
 * The fields a user edits, one schema for the server's bodies and the admin's form: a product type
 * only for PRODUCT, day of week only for WEEKLY, day of month (1–28) only for MONTHLY, an hour of
 * the day in an IANA time zone (UTC if none is given), 1 to 20 distinct addresses.
 */
export const scheduledExportFields = z.object(fieldShape).superRefine(checkTiming).transform(withoutUnusedDay);
export type ScheduledExportFields = z.input<typeof scheduledExportFields>;

export const scheduledExportCreateBody = z
  .object({ id: z.undefined().or(z.null()).optional(), ...fieldShape })
  .superRefine(checkTiming)
  .transform(withoutUnusedDay);
export const scheduledExportUpdateBody = z
  .object({ id: bodyId(), version: versionField, ...fieldShape })
  .superRefine(checkTiming)
  .transform(withoutUnusedDay);
export type ScheduledExportCreateBody = z.input<typeof scheduledExportCreateBody>;
export type ScheduledExportUpdateBody = z.input<typeof scheduledExportUpdateBody>;

export const scheduledExportSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  entity: z.enum(SCHEDULED_EXPORT_ENTITIES),
  productTypeId: z.number().nullable(),
  productTypeName: z.string().nullable(),
  fileFormat: z.enum(BULK_FILE_FORMATS),
  frequency: z.enum(SCHEDULED_EXPORT_FREQUENCIES),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  hour: z.number(),
  timeZone: z.string(),
  recipients: z.array(z.string()),
  active: z.boolean(),
  createdBy: z.string(),
  /** ISO instants; nextRunAt is null while the schedule is paused. */
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  version: z.number(),
});
export type ScheduledExport = z.infer<typeof scheduledExportSchema>;

/** GET api/scheduled-exports?business-unit: an array with x-total-count; sort by productTypeName, frequency, nextRunAt or id. */
export const scheduledExportListQuery = z.object({
  'business-unit': idSchema,
  page: pageQuery.shape.page,
  size: intInput(1, 2000).default(20),
  sort: pageQuery.shape.sort,
});

/** GET api/scheduled-exports/downloads/{id}?token: the signed link of a scheduled export's e-mail. */
export const scheduledExportDownloadQuery = z.object({ token: plainText().min(1, 'NotBlank').max(2000, 'Size') });

/** Message keys of scheduled exports (spec 001 §8). */
export const ScheduledExportErrorKeys = {
  exists: 'error.scheduledExport.exists',
  notFound: 'error.scheduledExport.notFound',
  productTypeUnitMismatch: 'error.scheduledExport.productTypeBusinessUnitMismatch',
  downloadLinkInvalid: 'error.scheduledExport.downloadLinkInvalid',
} as const;

import { z } from 'zod';
import { idSchema, pageableSchema, pageQuery } from './common.js';

/**
 * Document downloads of the public website (spec 001 §3 and §7, decision 0040): the records, and
 * the statistics the website-stats screen draws.
 */

/** One confirmed download as recorded: what, as the visitor saw it, and the visitor's choices (no visitor data). */
export const documentDownloadSchema = z.object({
  id: z.number(),
  /** ISO date-time of the confirmation. */
  at: z.string(),
  businessUnitId: z.number(),
  publicationNumber: z.number(),
  productTypeId: z.number(),
  productTypeName: z.string(),
  keyCode: z.string().nullable(),
  audience: z.enum(['HCP', 'PATIENT']),
  documentId: z.number(),
  documentNumber: z.string().nullable(),
  documentName: z.string(),
  fileId: z.number(),
  fileName: z.string(),
  fileVersionId: z.number(),
  version: z.string(),
  versionDate: z.string().nullable(),
  country: z.string(),
  language: z.string(),
});
export type DocumentDownload = z.infer<typeof documentDownloadSchema>;

/** An ISO date (2026-01-31), a whole day in UTC, from 1970 to 2999 (the column's instants stay ordinary). */
const downloadDay = z.iso.date({ error: 'Pattern' }).refine((s) => s >= '1970-01-01' && s <= '2999-12-31', { error: 'Pattern' });

/** from and to are whole days (UTC), both included; from after to is refused on `to`. */
const rangeOk = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const documentDownloadListQuery = pageQuery
  .extend({
    'business-unit': idSchema,
    from: downloadDay.optional(),
    to: downloadDay.optional(),
  })
  .refine(rangeOk, { error: 'Min', path: ['to'] });
export const documentDownloadPageSchema = z.object({ items: z.array(documentDownloadSchema), pageable: pageableSchema });

export const documentDownloadStatsQuery = z
  .object({
    'business-unit': idSchema,
    from: downloadDay.optional(),
    to: downloadDay.optional(),
  })
  .refine(rangeOk, { error: 'Min', path: ['to'] });

/** How many downloads had this value (a country code, a language code, an audience). */
const countByKey = z.object({ key: z.string(), count: z.number() });

export const documentDownloadStatsSchema = z.object({
  /** The range counted: the days asked for, or the first and last day with a download (null: none). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  total: z.number(),
  /** 'day' for ranges up to 92 days, 'month' for longer ones. */
  bucket: z.enum(['day', 'month']),
  /** One entry per day (YYYY-MM-DD) or month (YYYY-MM) of the range, zeros included, oldest first. */
  overTime: z.array(z.object({ period: z.string(), count: z.number() })),
  /** Most downloads first. */
  byCountry: z.array(countByKey),
  byLanguage: z.array(countByKey),
  byAudience: z.array(countByKey),
  /** Named as in the newest record of each. */
  byProductType: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  /** The most downloaded documents (at most DOWNLOAD_STATS_TOP_DOCUMENTS). */
  byDocument: z.array(z.object({ id: z.number(), number: z.string().nullable(), name: z.string(), count: z.number() })),
});
export type DocumentDownloadStats = z.infer<typeof documentDownloadStatsSchema>;

export const DOWNLOAD_STATS_TOP_DOCUMENTS = 10;
/** Ranges longer than this many days are counted per month. */
export const DOWNLOAD_STATS_DAILY_MAX_DAYS = 92;

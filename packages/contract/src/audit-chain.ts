import { z } from 'zod';
import { auditLogListQuery } from './organisation.js';

/**
 * The tamper-evident audit trail (decision 0065): the answer of a verification of the
 * manufacturer's audit chain. `firstInvalid` names the first row that does not match: `hash`, its
 * content or the row before it was changed; `sequence`, a row is missing at `seq`; `head`, rows are
 * missing after the last one found (`id` null); `anchor`, the row the latest anchor kept outside the
 * database names is gone or differs (the chain was rewritten up to it at least, decision 0083).
 */
/** The chain's head as written outside the database by `npm run audit:anchor` and the daily job (decision 0083). */
export const auditChainAnchorSchema = z.object({
  manufacturerId: z.number(),
  /** The last row's place in the chain (0 before the first row). */
  seq: z.number(),
  /** The last row's id (null before the first row). */
  id: z.number().nullable(),
  hash: z.string(),
  /** When it was written (ISO date-time). */
  anchoredAt: z.string(),
});
export type AuditChainAnchor = z.infer<typeof auditChainAnchorSchema>;

export const auditChainVerificationSchema = z.object({
  valid: z.boolean(),
  /** Rows whose hash was recomputed. */
  checked: z.number(),
  firstInvalid: z
    .object({
      id: z.number().nullable(),
      seq: z.number(),
      reason: z.enum(['hash', 'sequence', 'head', 'anchor']),
    })
    .optional(),
  /** The latest anchor the chain was compared with (absent: none written yet; null: the stored one is unreadable). */
  anchor: auditChainAnchorSchema.nullable().optional(),
});
export type AuditChainVerification = z.infer<typeof auditChainVerificationSchema>;

/** Who may verify: AUDIT_LOG_ALL_READ in the unit named (the global scope without one). */
export const auditChainVerifyQuery = z.object({ 'business-unit': auditLogListQuery.shape['business-unit'] });

/** The filters of the list, without paging: the export holds every matching entry, oldest first. */
export const auditLogExportQuery = auditLogListQuery.omit({ page: true, size: true, sort: true });

import type { Deps } from '../../platform/deps.js';
import { logAuditAnchors, writeAuditAnchors } from './audit-anchor.js';

export const AUDIT_ANCHOR_QUEUE = 'audit-anchor';
/** Daily at 02:40 UTC, after the retention purge (whose audit rows it then anchors). */
const AUDIT_ANCHOR_CRON = '40 2 * * *';

/** The daily anchor of the audit chain's head outside the database (decision 0083). */
export function auditAnchorJobs(deps: Deps): void {
  deps.jobs.handle(AUDIT_ANCHOR_QUEUE, async () => {
    logAuditAnchors(await writeAuditAnchors(deps));
  });
  deps.jobs.every(AUDIT_ANCHOR_QUEUE, AUDIT_ANCHOR_CRON);
}

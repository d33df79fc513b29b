import { type AuditLog, type auditLogListQuery, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden } from '../../platform/errors.js';
import { pageOf, pageRequest } from '../../platform/paging.js';
import { type AuditLogFilter, type AuditLogRow, auditLogSortable, listAuditLogs } from './audit-logs.repo.js';

type ListQuery = z.output<typeof auditLogListQuery>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function toAuditLog(row: AuditLogRow): AuditLog {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    login: row.login,
    businessUnitId: row.businessUnitId,
    entityName: row.entityName,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    action: row.action,
    category: row.category,
    changes: row.changes,
  };
}

/**
 * AUDIT_LOG_ALL_READ in the unit reads every entry of it; AUDIT_LOG_PUBLISH_READ only the publish
 * entries; the global log (no business-unit) is unit 0.
 */
function visibleCategory(auth: AuthContext, businessUnitId: number): AuditLogFilter['category'] {
  if (auth.rights.has('AUDIT_LOG_ALL_READ', businessUnitId)) return undefined;
  if (auth.rights.has('AUDIT_LOG_PUBLISH_READ', businessUnitId)) return 'publish';
  throw forbidden();
}

export async function listVisibleAuditLogs(deps: Deps, auth: AuthContext, q: ListQuery) {
  const businessUnitId = q['business-unit'] ?? GLOBAL_BUSINESS_UNIT_ID;
  const category = visibleCategory(auth, businessUnitId);
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['at,desc', 'id,desc'] }, auditLogSortable, auditLogSortable.id);
  const filter: AuditLogFilter = {
    businessUnitId,
    category,
    entityName: q.entityName || undefined,
    action: q.action || undefined,
    login: q.login || undefined,
    search: q.search || undefined,
    from: q.from ? new Date(q.from) : undefined,
  };
  if (q.to) {
    // a date without a time includes that whole day
    const dateOnly = DATE_ONLY.test(q.to);
    filter.to = dateOnly ? new Date(new Date(q.to).getTime() + DAY_MS) : new Date(q.to);
    filter.toExclusive = dateOnly;
  }
  const { rows, total } = await listAuditLogs(deps.db, filter, page);
  return pageOf(rows.map(toAuditLog), total, q);
}

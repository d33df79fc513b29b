import { Readable } from 'node:stream';
import { type AuditLog, type auditLogExportQuery, type auditLogListQuery, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden } from '../../platform/errors.js';
import { pageOf, pageRequest } from '../../platform/paging.js';
import { neutralised } from '../bulk/bulk-sheet.js';
import { type AuditLogFilter, type AuditLogRow, auditLogSortable, auditLogsAfter, listAuditLogs } from './audit-logs.repo.js';

type ListQuery = z.output<typeof auditLogListQuery>;
type ExportQuery = z.output<typeof auditLogExportQuery>;

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

/** The filter of the list's and the export's query. */
function filterOf(q: ExportQuery, businessUnitId: number, category: AuditLogFilter['category']): AuditLogFilter {
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
  return filter;
}

export async function listVisibleAuditLogs(deps: Deps, auth: AuthContext, q: ListQuery) {
  const businessUnitId = q['business-unit'] ?? GLOBAL_BUSINESS_UNIT_ID;
  const category = visibleCategory(auth, businessUnitId);
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['at,desc', 'id,desc'] }, auditLogSortable, auditLogSortable.id);
  const { rows, total } = await listAuditLogs(deps.db, filterOf(q, businessUnitId, category), page);
  return pageOf(rows.map(toAuditLog), total, q);
}

const EXPORT_BATCH = 2000;
const EXPORT_COLUMNS = [
  'Seq',
  'Id',
  'At (UTC)',
  'Login',
  'User id',
  'Business unit',
  'Entity',
  'Entity id',
  'Entity label',
  'Action',
  'Category',
  'Changes',
  'Hash',
];

/** One CSV line (RFC 4180, CRLF), every cell neutralised against formulas as in the bulk exports. */
function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells
    .map((c) => {
      const safe = neutralised(c === null ? '' : String(c));
      return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',')}\r\n`;
}

/**
 * The filtered log as CSV for an auditor, oldest first, with each row's place in the chain and
 * hash (decision 0065); the rights of the list. Read in batches and streamed, so a log of any size
 * is exported in little memory.
 */
export function exportVisibleAuditLogs(deps: Deps, auth: AuthContext, q: ExportQuery): { businessUnitId: number; csv: Readable } {
  const businessUnitId = q['business-unit'] ?? GLOBAL_BUSINESS_UNIT_ID;
  const filter = filterOf(q, businessUnitId, visibleCategory(auth, businessUnitId));
  async function* lines() {
    yield csvLine(EXPORT_COLUMNS);
    let after = 0;
    for (;;) {
      const rows = await auditLogsAfter(deps.db, filter, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine([
            r.chainSeq,
            r.id,
            r.at.toISOString(),
            r.login,
            r.userId,
            r.businessUnitId,
            r.entityName,
            r.entityId,
            r.entityLabel,
            r.action,
            r.category,
            r.changes === null ? null : JSON.stringify(r.changes),
            r.hash,
          ]),
        )
        .join('');
      after = rows[rows.length - 1].id;
    }
  }
  return { businessUnitId, csv: Readable.from(lines()) };
}

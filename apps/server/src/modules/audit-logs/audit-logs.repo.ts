import { AUDIT_LOG_COUNT_LIMIT } from '@vellum/contract';
import { and, asc, eq, gt, gte, ilike, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, auditLogSearchText } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';
import type { PageRequest } from '../../platform/paging.js';

export type AuditLogRow = typeof auditLog.$inferSelect;

export const auditLogSortable = {
  id: auditLog.id,
  at: auditLog.at,
  login: auditLog.login,
  entityName: auditLog.entityName,
  entityId: auditLog.entityId,
  action: auditLog.action,
};

export interface AuditLogFilter {
  /** 0: the global log (entries without a business unit, or of unit 0). */
  businessUnitId: number;
  /** Only this category (publish readers); every category when absent. */
  category?: 'general' | 'publish';
  entityName?: string;
  action?: string;
  login?: string;
  search?: string;
  from?: Date;
  /** Inclusive bound, or exclusive when `toExclusive`. */
  to?: Date;
  toExclusive?: boolean;
}

function conditions(f: AuditLogFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    f.businessUnitId === 0
      ? or(isNull(auditLog.businessUnitId), eq(auditLog.businessUnitId, 0))
      : eq(auditLog.businessUnitId, f.businessUnitId),
  ];
  if (f.category) where.push(eq(auditLog.category, f.category));
  if (f.entityName) where.push(eq(auditLog.entityName, f.entityName));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.login) where.push(ilike(auditLog.login, likePattern(f.login)));
  if (f.search) {
    const pattern = likePattern(f.search);
    // the trigram index on the five columns as one text finds the candidates (decision 0060);
    // each column is checked after, a match across two columns being none
    where.push(
      ilike(auditLogSearchText(auditLog), pattern),
      or(
        ilike(auditLog.login, pattern),
        ilike(auditLog.entityName, pattern),
        ilike(auditLog.entityId, pattern),
        ilike(auditLog.entityLabel, pattern),
        ilike(auditLog.action, pattern),
      ),
    );
  }
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(f.toExclusive ? lt(auditLog.at, f.to) : lte(auditLog.at, f.to));
  return and(...where);
}

/**
 * A page of the log and its total, counted up to AUDIT_LOG_COUNT_LIMIT + 1 entries (decision
 * 0060): a unit's log grows by every write, and counting all of it on every page cost more than
 * the page. A total above the limit means "more than the limit".
 */
export async function listAuditLogs(
  db: DbOrTx,
  filter: AuditLogFilter,
  page: PageRequest,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = conditions(filter);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 && rows.length < page.limit) return { rows, total: page.offset + rows.length };
  const counted = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(AUDIT_LOG_COUNT_LIMIT + 1)
    .as('counted');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(counted);
  return { rows, total: Number(total) };
}

/** The entries of a filter after id `afterId`, oldest first (the CSV export reads the log in such batches). */
export async function auditLogsAfter(db: DbOrTx, filter: AuditLogFilter, afterId: number, limit: number): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(conditions(filter), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

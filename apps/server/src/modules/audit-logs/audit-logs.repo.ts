import { and, asc, count, eq, gt, gte, ilike, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
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
    where.push(
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
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total };
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

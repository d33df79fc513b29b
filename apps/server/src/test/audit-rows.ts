import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** The audit rows of these entities, in the order they were written. */
export const auditRowsOf = (db: DbOrTx, entityName: string, ids: readonly number[]) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, entityName), inArray(auditLog.entityId, ids.map(String))))
    .orderBy(asc(auditLog.id));

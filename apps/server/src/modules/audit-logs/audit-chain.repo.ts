import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditChain, auditLog } from '../../db/schema/index.js';

/** The only manufacturer of an installation, whose chain the audit log's trigger extends. */
const MANUFACTURER_ID = 1;

/**
 * An audit row as the chain hashes it: its values, the instant as the canonical text (UTC,
 * microseconds) and `changes` as PostgreSQL's text of the stored JSON (migration 0032).
 */
export interface ChainRow {
  id: number;
  chainSeq: number;
  hash: string;
  at: string;
  userId: number | null;
  login: string | null;
  businessUnitId: number | null;
  entityName: string;
  entityId: string | null;
  entityLabel: string | null;
  action: string;
  category: string;
  changes: string | null;
}

/** The next rows of the chain after sequence number `after` up to `upTo`, in chain order. */
export async function chainRowsAfter(db: DbOrTx, after: number, upTo: number, limit: number): Promise<ChainRow[]> {
  return db
    .select({
      id: auditLog.id,
      chainSeq: sql<number>`${auditLog.chainSeq}`.mapWith(Number),
      hash: sql<string>`${auditLog.hash}`,
      at: sql<string>`to_char(${auditLog.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userId: auditLog.userId,
      login: auditLog.login,
      businessUnitId: auditLog.businessUnitId,
      entityName: auditLog.entityName,
      entityId: auditLog.entityId,
      entityLabel: auditLog.entityLabel,
      action: auditLog.action,
      category: auditLog.category,
      changes: sql<string | null>`${auditLog.changes}::text`,
    })
    .from(auditLog)
    .where(and(gt(auditLog.chainSeq, after), lte(auditLog.chainSeq, upTo)))
    .orderBy(asc(auditLog.chainSeq))
    .limit(limit);
}

/** The head of the chain: the last row's sequence number and hash (0 and 64 zeros before the first row). */
export async function chainHead(db: DbOrTx): Promise<{ seq: number; hash: string } | undefined> {
  const [head] = await db
    .select({ seq: auditChain.seq, hash: auditChain.hash })
    .from(auditChain)
    .where(eq(auditChain.manufacturerId, MANUFACTURER_ID));
  return head;
}

/** Every manufacturer's chain head with its last row's id (null before the first row). */
export async function chainHeadsWithRow(db: DbOrTx): Promise<{ manufacturerId: number; seq: number; hash: string; id: number | null }[]> {
  return db
    .select({
      manufacturerId: auditChain.manufacturerId,
      seq: sql<number>`${auditChain.seq}`.mapWith(Number),
      hash: auditChain.hash,
      id: auditLog.id,
    })
    .from(auditChain)
    .leftJoin(auditLog, eq(auditLog.chainSeq, auditChain.seq))
    .orderBy(asc(auditChain.manufacturerId));
}

/** The row at a place of the chain (its id and hash), or undefined when there is none. */
export async function chainRowAt(db: DbOrTx, seq: number): Promise<{ id: number; hash: string } | undefined> {
  const [row] = await db
    .select({ id: auditLog.id, hash: sql<string>`${auditLog.hash}` })
    .from(auditLog)
    .where(eq(auditLog.chainSeq, seq));
  return row;
}

import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export interface Actor {
  userId: number | null;
  login: string | null;
}

export interface AuditEntry {
  entityName: string;
  entityId?: string | number | null;
  action: string;
  businessUnitId?: number | null;
  category?: 'general' | 'publish';
  changes?: unknown;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function audit(tx: DbOrTx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: actor?.userId ?? null,
    login: actor?.login ?? null,
    businessUnitId: entry.businessUnitId ?? null,
    entityName: entry.entityName,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    category: entry.category ?? 'general',
    changes: entry.changes ?? null,
  });
}

/** The fields that differ between two versions of a record (values redacted for secrets). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of Object.keys(after)) {
    if (k === 'version' || /password|secret|hash/i.test(k)) continue;
    const a = before[k];
    const b = after[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = { from: a, to: b };
  }
  return out;
}

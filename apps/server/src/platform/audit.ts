import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { nullableTextArray } from '../db/sql.js';

export interface Actor {
  userId: number | null;
  login: string | null;
}

export interface AuditEntry {
  entityName: string;
  entityId?: string | number | null;
  /**
   * How a person names the entity (its name, key code or login) as it is at this change; the log
   * shows it beside the id, also once the entity is renamed or deleted (docs/decisions/0019).
   */
  entityLabel?: string | null;
  action: string;
  businessUnitId?: number | null;
  category?: 'general' | 'publish';
  changes?: unknown;
}

/** The longest label stored: a name or key code, never a document. */
export const AUDIT_LABEL_MAX = 255;

/**
 * The label of an entry: the one given, else, for what a user does to their own account (sign-in,
 * password change), the actor's login.
 */
export function entryLabel(actor: Actor | null, entry: AuditEntry): string | null {
  const own =
    entry.entityName === 'user' && actor?.userId != null && entry.entityId != null && String(entry.entityId) === String(actor.userId);
  const label = entry.entityLabel ?? (own ? actor.login : null);
  return label ? label.slice(0, AUDIT_LABEL_MAX) : null;
}

const rowOf = (actor: Actor | null, entry: AuditEntry) => ({
  entityLabel: entryLabel(actor, entry),
  userId: actor?.userId ?? null,
  login: actor?.login ?? null,
  businessUnitId: entry.businessUnitId ?? null,
  entityName: entry.entityName,
  entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
  action: entry.action,
  category: entry.category ?? ('general' as const),
  changes: entry.changes ?? null,
});

/**
 * Writes one audit row; call it inside the transaction that makes the change, as its last write.
 * The database chains the row (its place and hash, decision 0065) and holds the chain's head until
 * the transaction ends, so concurrent audited changes commit one after the other.
 */
export async function audit(tx: DbOrTx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(rowOf(actor, entry));
}

/**
 * Writes the rows `audit` writes, one per entry in order, with one statement (their columns as
 * arrays, unnested): a bulk import's changes.
 */
export async function auditMany(tx: DbOrTx, actor: Actor | null, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => rowOf(actor, e));
  const col = (f: (r: (typeof rows)[number]) => string | number | null) =>
    nullableTextArray(
      rows.map((r) => {
        const v = f(r);
        return v === null ? null : String(v);
      }),
    );
  await tx.execute(
    sql`INSERT INTO audit_log (user_id, login, business_unit_id, entity_name, entity_id, entity_label, action, category, changes)
        SELECT ${actor?.userId ?? null}::int, ${actor?.login ?? null}::text, t.unit::int, t.entity_name, t.entity_id, t.entity_label,
               t.action, t.category, t.changes::jsonb
        FROM unnest(${col((r) => r.businessUnitId)}, ${col((r) => r.entityName)}, ${col((r) => r.entityId)}, ${col((r) => r.entityLabel)},
                    ${col((r) => r.action)}, ${col((r) => r.category)}, ${col((r) => (r.changes === null ? null : JSON.stringify(r.changes)))})
          WITH ORDINALITY AS t(unit, entity_name, entity_id, entity_label, action, category, changes, n)
        ORDER BY t.n`,
  );
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

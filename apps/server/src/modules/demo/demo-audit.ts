import { DemoAuditActions } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../platform/audit.js';
import { type AuditEntry, audit } from '../../platform/audit.js';

/** Whom a demo views the admin as. */
export interface DemoTarget {
  demoUserGroupId: number | null;
  demoUserId: number | null;
  demoLabel: string | null;
}

/** The audit entry of a demo's start or end: the actor is the demo user, the entity the group or user viewed as. */
function entry(target: DemoTarget, action: string, changes: Record<string, unknown>): AuditEntry {
  const group = target.demoUserGroupId !== null;
  return {
    entityName: group ? 'user-group' : 'user',
    entityId: group ? target.demoUserGroupId : target.demoUserId,
    entityLabel: target.demoLabel,
    action,
    changes: { kind: group ? 'USER_GROUP' : 'USER', ...changes },
  };
}

export const auditDemoStart = (tx: DbOrTx, actor: Actor, target: DemoTarget, expiresAt: Date) =>
  audit(tx, actor, entry(target, DemoAuditActions.start, { expiresAt: expiresAt.toISOString() }));

/** One row per demo ended (by exit or by logout). */
export async function auditDemoEnds(
  tx: DbOrTx,
  actor: Actor,
  demos: (DemoTarget & { demoOfSessionId: string | null })[],
  reason: 'exit' | 'logout',
) {
  for (const d of demos) if (d.demoOfSessionId) await audit(tx, actor, entry(d, DemoAuditActions.end, { reason }));
}

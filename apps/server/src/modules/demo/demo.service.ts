import { randomUUID } from 'node:crypto';
import { type DemoToken, ErrorKeys } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { UserRights } from '../../platform/rights.js';
import { findGrants, findGroupGrants } from '../../platform/session.repo.js';
import { createDemoSession, endDemo, endDemosOf, findGroup, findUserByLogin, sessionExpiry } from './demo.repo.js';
import { auditDemoEnds, auditDemoStart, type DemoTarget } from './demo-audit.js';

/** A demo lasts an hour at most, and never beyond the session that started it (spec 001 §4, decision 0072). */
export const DEMO_TTL_MS = 60 * 60 * 1000;

/** The group or user named, with the rights they hold; 404 when there is none. */
async function targetOf(deps: Pick<Deps, 'db'>, query: { user_group_id?: number; login?: string }) {
  if (query.user_group_id !== undefined) {
    const group = await findGroup(deps.db, query.user_group_id);
    if (!group) throw new AppError(ErrorKeys.notFound, 404, { entity: 'user-group' });
    const target: DemoTarget = { demoUserGroupId: group.id, demoUserId: null, demoLabel: group.name };
    return { target, kind: 'USER_GROUP' as const, rights: UserRights.fromGrants(await findGroupGrants(deps.db, group.id)) };
  }
  const user = await findUserByLogin(deps.db, query.login ?? '');
  if (!user) throw new AppError(ErrorKeys.notFound, 404, { entity: 'user' });
  const target: DemoTarget = { demoUserGroupId: null, demoUserId: user.id, demoLabel: user.login };
  return { target, kind: 'USER' as const, rights: UserRights.fromGrants(await findGrants(deps.db, user.id)) };
}

/**
 * A demo token acting as a user group or a user: refused (403 error.demo.escalation) when the
 * target holds any right, in any unit, that the caller does not. Audited with both users.
 */
export async function startDemo(
  deps: Pick<Deps, 'db' | 'tokens'>,
  auth: AuthContext,
  query: { user_group_id?: number; login?: string },
): Promise<DemoToken> {
  const { target, kind, rights } = await targetOf(deps, query);
  if (!rights.isWithin(auth.rights)) throw new AppError(ErrorKeys.demoEscalation, 403, { label: target.demoLabel ?? '' });
  const sessionEnds = await sessionExpiry(deps.db, auth.sessionId);
  const hourLater = Date.now() + DEMO_TTL_MS;
  const expiresAt = new Date(Math.min(hourLater, sessionEnds?.getTime() ?? hourLater));
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await createDemoSession(tx, {
      id,
      userId: auth.userId,
      expiresAt,
      demoOfSessionId: auth.sessionId,
      demoUserGroupId: target.demoUserGroupId,
      demoUserId: target.demoUserId,
      demoLabel: target.demoLabel ?? '',
    });
    await auditDemoStart(tx, auth, target, expiresAt);
  });
  const idToken = await deps.tokens.sign({ userId: auth.userId, sessionId: id }, expiresAt);
  return { id_token: idToken, kind, label: target.demoLabel ?? '', expiresAt: expiresAt.toISOString() };
}

/** With a demo token: ends that demo; with the session's own token: every demo it started. */
export async function endDemos(deps: Pick<Deps, 'db'>, auth: AuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ended = auth.demo ? await endDemo(tx, auth.sessionId) : await endDemosOf(tx, auth.sessionId);
    await auditDemoEnds(tx, auth, ended, 'exit');
  });
}

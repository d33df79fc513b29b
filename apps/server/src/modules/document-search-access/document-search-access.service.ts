import type { DocumentSearchAccess, documentSearchAccessBody } from '@vellum/contract';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { businessUnitExists } from '../document-types/document-types.repo.js';
import * as repo from './document-search-access.repo.js';

type AccessBody = z.output<typeof documentSearchAccessBody>;

const ENTITY = 'document-search-access';

/** The list belongs to a real business unit (unit 0, the global scope, has none). */
async function requireUnit(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<void> {
  if (businessUnitId === 0 || !(await businessUnitExists(deps.db, businessUnitId))) throw notFound('business-unit');
}

export async function getDocumentSearchAccess(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<DocumentSearchAccess> {
  await requireUnit(deps, businessUnitId);
  const row = await repo.findAccess(deps.db, businessUnitId);
  return { businessUnitId, emails: row?.emails ?? [], version: row?.version ?? 0 };
}

/** Replaces the unit's list; `version` is the list's version as read (0 before the first save), a stale one answers 409. */
export async function saveDocumentSearchAccess(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  businessUnitId: number,
  body: AccessBody,
): Promise<DocumentSearchAccess> {
  await requireUnit(deps, businessUnitId);
  const row = await deps.db.transaction(async (tx) => {
    const before = (await repo.findAccess(tx, businessUnitId))?.emails ?? [];
    const saved = await repo.saveAccess(tx, businessUnitId, body.version, body.emails);
    if (!saved) throw conflict();
    const was = new Set(before);
    const is = new Set(saved.emails);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: businessUnitId,
      action: 'UPDATE',
      businessUnitId,
      changes: { emails: { added: saved.emails.filter((e) => !was.has(e)), removed: before.filter((e) => !is.has(e)) } },
    });
    return saved;
  });
  return { businessUnitId, emails: row.emails, version: row.version };
}

import { ErrorKeys } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { findUnit } from './website-layout.repo.js';

/** Keys of the rules that every whole-list replacement (footer items, content blocks) shares. */
export interface ListRuleKeys {
  tooMany: string;
  differentBusinessUnits: string;
  notFound: string;
}

/**
 * The rules every whole-list PUT of a unit checks before it writes: at most `max` entries, every
 * entry of the unit the query names, an id at most once; then, inside the transaction, the unit
 * (locked, so that two replacements queue) and every id an existing entry of that unit.
 */
export function checkListShape(
  objectName: string,
  keys: ListRuleKeys,
  businessUnitId: number,
  items: readonly { id?: number | null; businessUnitId: number }[],
  max: number,
): void {
  if (items.length > max) throw fieldError(objectName, 'items', keys.tooMany, { max });
  if (items.some((i) => i.businessUnitId !== businessUnitId)) throw fieldError(objectName, 'businessUnitId', keys.differentBusinessUnits);
  const ids = items.flatMap((i) => (i.id ? [i.id] : []));
  if (new Set(ids).size !== ids.length) throw fieldError(objectName, 'id', ErrorKeys.duplicate);
}

export async function lockUnitAndCheckIds(
  tx: DbOrTx,
  objectName: string,
  keys: ListRuleKeys,
  businessUnitId: number,
  items: readonly { id?: number | null }[],
  unitsOf: (tx: DbOrTx, ids: number[]) => Promise<Map<number, number>>,
) {
  const unit = await findUnit(tx, businessUnitId, true);
  if (!unit) throw notFound('business-unit');
  const ids = items.flatMap((i) => (i.id ? [i.id] : []));
  const units = await unitsOf(tx, ids);
  for (const id of ids) {
    const owner = units.get(id);
    if (owner === undefined) throw fieldError(objectName, 'id', keys.notFound, { id });
    if (owner !== businessUnitId) throw fieldError(objectName, 'businessUnitId', keys.differentBusinessUnits, { id });
  }
  return unit;
}

/** The unit must exist (the global unit 0 included) before its list is read. */
export async function requireUnit(db: DbOrTx, businessUnitId: number) {
  const row = await findUnit(db, businessUnitId);
  if (!row) throw notFound('business-unit');
  return row;
}

/**
 * Replaces a unit's list inside the caller's transaction and writes one audit row with the list
 * before and after (as `view` shows it); answers the rows as stored.
 */
export async function replaceAudited<R>(
  tx: DbOrTx,
  actor: Actor,
  change: {
    entityName: string;
    businessUnitId: number;
    unitLabel: string;
    list: () => Promise<R[]>;
    replace: () => Promise<void>;
    view: (rows: R[]) => unknown;
  },
): Promise<R[]> {
  const before = await change.list();
  await change.replace();
  const after = await change.list();
  await audit(tx, actor, {
    entityName: change.entityName,
    entityId: change.businessUnitId,
    entityLabel: change.unitLabel,
    businessUnitId: change.businessUnitId,
    action: 'UPDATE',
    changes: { list: { from: change.view(before), to: change.view(after) } },
  });
  return after;
}

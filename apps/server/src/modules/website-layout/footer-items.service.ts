import { FOOTER_ITEMS_MAX, type FooterItem, type footerItemsBody, WebsiteLayoutErrorKeys as K } from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { checkListShape, lockUnitAndCheckIds, replaceAudited, requireUnit } from './list-rules.js';
import * as repo from './website-layout.repo.js';

type Body = z.output<typeof footerItemsBody>;

const ENTITY = 'footer-item';
const OBJECT = 'footerItem';
const KEYS = { tooMany: K.footerItemTooMany, differentBusinessUnits: K.footerItemDifferentBusinessUnits, notFound: K.footerItemNotFound };

export const toFooterItem = (r: repo.FooterItemRow): FooterItem => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  text: r.text,
  publicUrl: r.publicUrl,
  visualizationOrder: r.visualizationOrder,
});
const auditView = (rows: repo.FooterItemRow[]) =>
  rows.map((r) => ({ text: r.text, publicUrl: r.publicUrl, visualizationOrder: r.visualizationOrder }));

export async function listFooterItems(db: DbOrTx, businessUnitId: number): Promise<FooterItem[]> {
  await requireUnit(db, businessUnitId);
  return (await repo.listFooterItems(db, businessUnitId)).map(toFooterItem);
}

/**
 * Makes `items` the unit's whole footer (spec 001 §8 footer-item errors). An empty list is refused:
 * removing every item is the DELETE. Nothing is stored when any rule fails.
 */
export async function replaceFooterItems(deps: Pick<Deps, 'db'>, actor: Actor, businessUnitId: number, items: Body): Promise<FooterItem[]> {
  if (items.length === 0) throw fieldError(OBJECT, 'items', K.footerItemEmptyList);
  checkListShape(OBJECT, KEYS, businessUnitId, items, FOOTER_ITEMS_MAX);
  const orders = items.map((i) => i.visualizationOrder);
  if (new Set(orders).size !== orders.length) throw fieldError(OBJECT, 'visualizationOrder', K.footerItemDuplicateOrder);
  const rows = await deps.db.transaction(async (tx) => {
    const unit = await lockUnitAndCheckIds(tx, OBJECT, KEYS, businessUnitId, items, repo.footerItemUnits);
    return replaceAudited(tx, actor, {
      entityName: ENTITY,
      businessUnitId,
      unitLabel: unit.displayName,
      list: () => repo.listFooterItems(tx, businessUnitId),
      replace: () => repo.replaceFooterItems(tx, businessUnitId, items),
      view: auditView,
    });
  });
  return rows.map(toFooterItem);
}

/** Removes the unit's footer items (the unit then shows the manufacturer's footer). */
export async function deleteFooterItems(deps: Pick<Deps, 'db'>, actor: Actor, businessUnitId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const unit = await repo.findUnit(tx, businessUnitId, true);
    if (!unit) throw notFound('business-unit');
    const before = await repo.listFooterItems(tx, businessUnitId);
    if (before.length === 0) return;
    await repo.deleteFooterItems(tx, businessUnitId);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: businessUnitId,
      entityLabel: unit.displayName,
      businessUnitId,
      action: 'DELETE',
      changes: { items: { from: auditView(before), to: [] } },
    });
  });
}

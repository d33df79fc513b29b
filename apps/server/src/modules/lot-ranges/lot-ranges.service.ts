import {
  CatalogueErrorKeys,
  type LotRange,
  type lotRangeArchiveBody,
  type lotRangeReviewSchema,
  type reviewLotRangesQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, type AuditEntry, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type LotRangeEntry, lotRangeError } from './lot-range-input.js';
import * as repo from './lot-ranges.repo.js';

type ReviewQuery = z.output<typeof reviewLotRangesQuery>;
type ArchiveBody = z.output<typeof lotRangeArchiveBody>;
type LotRangeReview = z.output<typeof lotRangeReviewSchema>;

export const LOT_RANGE_ENTITY = 'lot-range';

/** The unit of a lot range, for its routes' access rule (undefined: no such range). */
export const unitOfLotRange: EntityUnitLookup = repo.lotRangeUnitOf;

/** Archived once its archive date is reached: off the public site, kept here. */
export function toLotRange(row: repo.LotRangeRow, now = new Date()): LotRange {
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    productTypeId: row.productTypeId,
    name: row.name,
    numbers: row.numbers,
    archiveDate: row.archiveDate ? row.archiveDate.toISOString() : null,
    archived: row.archiveDate !== null && row.archiveDate.getTime() <= now.getTime(),
    appliesToAll: row.appliesToAll,
    version: row.version,
  };
}

/** The ranges a product shows: those linked to it and those of its type that apply to all products. */
export async function lotRangesOfProduct(db: DbOrTx, productId: number, productTypeId: number): Promise<LotRange[]> {
  const now = new Date();
  return (await repo.lotRangesOfProduct(db, productId, productTypeId)).map((r) => toLotRange(r, now));
}

/** What the audit log records of a range. */
const stateOf = (r: repo.LotRangeValues & { productTypeId: number }) => ({
  name: r.name,
  productTypeId: r.productTypeId,
  numbers: r.numbers,
  archiveDate: r.archiveDate ? r.archiveDate.toISOString() : null,
  appliesToAll: r.appliesToAll,
});

const sameDate = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
const unchanged = (row: repo.LotRangeRow, e: LotRangeEntry) =>
  row.name === e.name &&
  row.appliesToAll === e.appliesToAll &&
  sameDate(row.archiveDate, e.archiveDate) &&
  row.numbers.length === e.numbers.length &&
  row.numbers.every((n, i) => n === e.numbers[i]);

export interface ProductLotRanges {
  productId: number;
  productType: { id: number; businessUnitId: number };
  /** The type's lot-numbers switch is on and it has an active lot-number (MULTI_ARRAY) attribute. */
  lotNumbersEnabled: boolean;
  /** The checked entries of the request (see parseLotRangeEntries). */
  entries: LotRangeEntry[];
  /** The ranges linked to the product before the change (none for a new product). */
  linkedIds: number[];
}

/**
 * Makes the request's lot ranges the product's: entries with an id update that range of the unit
 * (same product type), entries without one create a range; ranges that apply to all products of
 * the type belong to the type, the others are linked to the product. Links the request no longer
 * names are removed, and a range left without products is deleted. While the type's lot numbers
 * are off the stored links stay, and only an empty list or stored ranges repeated unchanged are
 * accepted. Runs inside the caller's transaction; answers the ids now linked to the product.
 */
export async function applyProductLotRanges(tx: DbOrTx, actor: Actor, p: ProductLotRanges): Promise<number[]> {
  const unit = p.productType.businessUnitId;
  const names = new Set<string>();
  const ids = new Set<number>();
  for (const e of p.entries) {
    const key = e.name.toLowerCase();
    if (names.has(key) || (e.id !== null && ids.has(e.id))) {
      throw lotRangeError(CatalogueErrorKeys.lotRangeDuplicateName, e.index, 'name', { name: e.name });
    }
    names.add(key);
    if (e.id !== null) ids.add(e.id);
  }

  const existing = new Map((await repo.findLotRangesForUpdate(tx, [...ids])).map((r) => [r.id, r]));
  for (const e of p.entries) {
    if (e.id === null) continue;
    const row = existing.get(e.id);
    if (!row || row.businessUnitId !== unit) throw lotRangeError(CatalogueErrorKeys.lotRangeMissingId, e.index, 'id', { id: e.id });
    if (row.productTypeId !== p.productType.id) {
      throw lotRangeError(CatalogueErrorKeys.lotRangeProductTypeMismatch, e.index, 'id', { id: e.id, name: row.name });
    }
  }
  const changed = p.entries.filter((e) => e.id === null || !unchanged(existing.get(e.id) as repo.LotRangeRow, e));
  if (!p.lotNumbersEnabled) {
    if (changed.length === 0) return p.linkedIds;
    throw lotRangeError(CatalogueErrorKeys.lotNumbersDisabled, changed[0].index);
  }

  const taken = await repo.lotRangeNamesTaken(tx, unit, [...names], [...ids]);
  for (const e of p.entries) {
    if (taken.has(e.name.toLowerCase())) throw lotRangeError(CatalogueErrorKeys.lotRangeNameTaken, e.index, 'name', { name: e.name });
  }
  for (const e of changed) {
    if (e.id !== null && e.version !== undefined && e.version !== existing.get(e.id)?.version) throw conflict();
  }

  const values = (e: LotRangeEntry): repo.LotRangeValues => ({
    name: e.name,
    numbers: e.numbers,
    archiveDate: e.archiveDate,
    appliesToAll: e.appliesToAll,
  });
  const idOf = new Map<LotRangeEntry, number>();
  // updates before inserts, so that a new range may take a name an existing one gives up
  for (const e of changed) {
    if (e.id === null) continue;
    const before = existing.get(e.id) as repo.LotRangeRow;
    const row = await repo.updateLotRange(tx, e.id, before.version, values(e));
    if (!row) throw conflict();
    await audit(tx, actor, {
      entityName: LOT_RANGE_ENTITY,
      entityId: row.id,
      entityLabel: row.name,
      action: 'UPDATE',
      businessUnitId: unit,
      changes: diff(stateOf(before), stateOf(row)),
    });
  }
  for (const e of changed) {
    if (e.id !== null) continue;
    const row = await repo.insertLotRange(tx, { ...values(e), businessUnitId: unit, productTypeId: p.productType.id });
    idOf.set(e, row.id);
    await audit(tx, actor, {
      entityName: LOT_RANGE_ENTITY,
      entityId: row.id,
      entityLabel: row.name,
      action: 'CREATE',
      businessUnitId: unit,
      changes: stateOf(row),
    });
  }

  const wanted = p.entries.filter((e) => !e.appliesToAll).map((e) => e.id ?? (idOf.get(e) as number));
  const toLink = wanted.filter((id) => !p.linkedIds.includes(id));
  const toUnlink = p.linkedIds.filter((id) => !wanted.includes(id));
  await repo.linkLotRanges(tx, p.productId, toLink);
  await repo.unlinkLotRanges(tx, p.productId, toUnlink);
  await deleteLotRangesLeftWithoutProducts(tx, actor, toUnlink);
  return [...wanted].sort((a, b) => a - b);
}

/** Deletes (with an audit row each) those of the ranges that no product links any more and that do not apply to all. */
async function deleteLotRangesLeftWithoutProducts(tx: DbOrTx, actor: Actor, ids: readonly number[]): Promise<number[]> {
  const deleted = await removeLotRangesLeftWithoutProducts(tx, ids);
  for (const { entry } of deleted) await audit(tx, actor, entry);
  return deleted.map((d) => d.id);
}

/**
 * Deletes those of the ranges that no product links any more and that do not apply to all, by id;
 * answers each one's audit entry, for the caller to write (a batch of product deletes writes them
 * with its own rows, decision 0088).
 */
export async function removeLotRangesLeftWithoutProducts(tx: DbOrTx, ids: readonly number[]): Promise<{ id: number; entry: AuditEntry }[]> {
  const deleted = await repo.deleteLotRangesWithoutProducts(tx, ids);
  return deleted
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      entry: {
        entityName: LOT_RANGE_ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'DELETE',
        businessUnitId: row.businessUnitId,
        changes: stateOf(row),
      },
    }));
}

async function withProducts(db: DbOrTx, rows: { range: repo.LotRangeRow; productTypeName: string }[]): Promise<LotRangeReview[]> {
  const products = await repo.productsOfLotRanges(
    db,
    rows.map((r) => r.range.id),
  );
  const now = new Date();
  return rows.map(({ range, productTypeName }) => ({
    ...toLotRange(range, now),
    productTypeName,
    products: products.filter((p) => p.lotRangeId === range.id).map((p) => ({ id: p.id, keyCode: p.keyCode })),
  }));
}

/** The lot ranges of a business unit or a product type, with the products they are linked to. */
export async function reviewLotRanges(deps: Pick<Deps, 'db'>, q: ReviewQuery): Promise<LotRangeReview[]> {
  const rows = await repo.reviewLotRanges(deps.db, {
    businessUnitId: q['business-unit'],
    productTypeId: q['product-type'],
    archived: q.archived,
  });
  return withProducts(deps.db, rows);
}

/** Archives a range (from its archive date, usually now) or restores it (archiveDate null). */
export async function archiveLotRange(deps: Pick<Deps, 'db'>, actor: Actor, id: number, body: ArchiveBody): Promise<LotRangeReview> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findLotRange(tx, id, true);
    if (!before) throw notFound('lotRange');
    if (before.version !== body.version) throw conflict();
    const archiveDate = body.archiveDate === null ? null : new Date(body.archiveDate);
    const row = await repo.updateLotRange(tx, id, before.version, { archiveDate });
    if (!row) throw conflict();
    await audit(tx, actor, {
      entityName: LOT_RANGE_ENTITY,
      entityId: id,
      entityLabel: row.name,
      action: archiveDate === null ? 'RESTORE' : 'ARCHIVE',
      businessUnitId: row.businessUnitId,
      changes: diff(stateOf(before), stateOf(row)),
    });
  });
  const row = (await repo.findLotRange(deps.db, id)) as repo.LotRangeRow;
  const productTypeName = (await repo.productTypeNameOf(deps.db, row.productTypeId)) ?? '';
  return (await withProducts(deps.db, [{ range: row, productTypeName }]))[0];
}

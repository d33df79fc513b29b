import {
  CatalogueErrorKeys,
  type DeleteType,
  ErrorKeys,
  type ProductGroup,
  type ProductGroupListItem,
  type productGroupCreateBody,
  type productGroupListQuery,
  type productGroupUpdateBody,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound } from '../../platform/errors.js';
import { documentsPerGroup } from '../documents/documents.repo.js';
import * as repo from './product-groups.repo.js';

type GroupCreate = z.output<typeof productGroupCreateBody>;
type GroupUpdate = z.output<typeof productGroupUpdateBody>;
type GroupListQuery = z.output<typeof productGroupListQuery>;

const ENTITY = 'product-group';
const OBJECT = 'productGroup';

/** The unit of a product group, for its routes' access rule (undefined: no such group). */
export const unitOfProductGroup: EntityUnitLookup = async (db, id) => (await repo.findGroup(db, id))?.businessUnitId;

const nameExists = (name: string) => fieldError(OBJECT, 'name', CatalogueErrorKeys.productGroupNameExists, { name });

/** A unique-index violation lost to a concurrent write of the same name. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const uniqueSorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The business unit a product type belongs to; an unknown type is a missing one (400). */
export async function unitOfProductType(deps: Pick<Deps, 'db'>, productTypeId: number): Promise<number> {
  const type = await repo.findProductType(deps.db, productTypeId);
  if (!type) throw fieldError(OBJECT, 'productTypeId', CatalogueErrorKeys.productGroupTypeRequired, { productTypeId }, 'NotFound');
  return type.businessUnitId;
}

/** The business unit a list call reads: the product type's, or the one named. */
export async function unitOfListQuery(
  deps: Pick<Deps, 'db'>,
  q: Pick<GroupListQuery, 'product-type' | 'business-unit'>,
): Promise<number | undefined> {
  if (q['product-type'] === undefined) return q['business-unit'];
  const type = await repo.findProductType(deps.db, q['product-type']);
  if (!type) throw new AppError(ErrorKeys.notFound, 404, { entity: 'productType' });
  return type.businessUnitId;
}

export async function listProductGroups(
  deps: Pick<Deps, 'db'>,
  q: GroupListQuery,
): Promise<{ items: ProductGroupListItem[]; total: number }> {
  const filter: repo.GroupFilter = {
    businessUnitId: q['business-unit'],
    productTypeId: q['product-type'],
    orphansOnly: q['orphans-only'],
    search: q.search || undefined,
  };
  const [sort, dir] = (q.sort ?? 'name,asc').split(',');
  const sortField = (['name', 'id', 'productCount'] as const).find((f) => f.toLowerCase() === sort.toLowerCase()) ?? 'name';
  const [rows, total] = await Promise.all([
    repo.listGroups(deps.db, filter, {
      sort: sortField,
      descending: dir?.toLowerCase() === 'desc',
      limit: q.size,
      offset: q.page * q.size,
    }),
    repo.countGroups(deps.db, filter),
  ]);
  const documents = await documentsPerGroup(
    deps.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => ({ ...r, documents: documents.get(r.id) ?? 0 })), total };
}

async function load(db: DbOrTx, row: repo.ProductGroupRow): Promise<ProductGroup> {
  const [products, remarks, documents] = await Promise.all([
    repo.productsOfGroup(db, row.id),
    repo.remarksOfGroup(db, row.id),
    documentsPerGroup(db, [row.id]),
  ]);
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    productTypeId: row.productTypeId,
    name: row.name,
    products,
    remarks,
    documents: documents.get(row.id) ?? 0,
    version: row.version,
  };
}

export async function getProductGroup(deps: Pick<Deps, 'db'>, id: number): Promise<ProductGroup> {
  const row = await repo.findGroup(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return load(deps.db, row);
}

/** Every product exists and is of the group's type; every remark belongs to the group's business unit. */
async function checkLinks(tx: DbOrTx, group: { businessUnitId: number; productTypeId: number }, productIds: number[], remarkIds: number[]) {
  const types = await repo.productTypesOf(tx, productIds);
  const mismatched = productIds.filter((id) => types.get(id) !== group.productTypeId);
  if (mismatched.length > 0) {
    throw fieldError(OBJECT, 'productIds', CatalogueErrorKeys.productGroupProductTypeMismatch, {
      productIds: mismatched.slice(0, 100),
      productTypeId: group.productTypeId,
    });
  }
  const units = await repo.remarkUnitsOf(tx, remarkIds);
  const foreign = remarkIds.filter((id) => units.get(id) !== group.businessUnitId);
  if (foreign.length > 0) throw invalidField(OBJECT, 'remarkIds', 'BusinessUnitMismatch', { remarkIds: foreign });
}

export async function createProductGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupCreate): Promise<ProductGroup> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const productIds = uniqueSorted(body.productIds);
  const remarkIds = uniqueSorted(body.remarkIds);
  const id = await deps.db
    .transaction(async (tx) => {
      const type = await repo.findProductType(tx, body.productTypeId);
      if (!type)
        throw fieldError(
          OBJECT,
          'productTypeId',
          CatalogueErrorKeys.productGroupTypeRequired,
          { productTypeId: body.productTypeId },
          'NotFound',
        );
      if (await repo.groupNameTaken(tx, type.id, body.name)) throw nameExists(body.name);
      const group = { businessUnitId: type.businessUnitId, productTypeId: type.id };
      await checkLinks(tx, group, productIds, remarkIds);
      const row = await repo.insertGroup(tx, { ...group, name: body.name });
      await repo.addProducts(tx, row.id, productIds);
      await repo.replaceRemarks(tx, row.id, remarkIds);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'CREATE',
        businessUnitId: row.businessUnitId,
        changes: { name: row.name, productTypeId: row.productTypeId, productIds, remarkIds },
      });
      return row.id;
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameExists(body.name) : err;
    });
  return getProductGroup(deps, id);
}

/** Updates name, products and remarks; the product type cannot change and a stale version answers 409. */
export async function updateProductGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupUpdate, pathId?: number): Promise<ProductGroup> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const productIds = uniqueSorted(body.productIds);
  const remarkIds = uniqueSorted(body.remarkIds);
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findGroupForUpdate(tx, body.id);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (body.productTypeId !== before.productTypeId) {
        throw fieldError(OBJECT, 'productTypeId', CatalogueErrorKeys.productGroupTypeCannotChange);
      }
      if (await repo.groupNameTaken(tx, before.productTypeId, body.name, before.id)) throw nameExists(body.name);
      await checkLinks(tx, before, productIds, remarkIds);
      const [productsBefore, remarksBefore] = await Promise.all([repo.productIdsOf(tx, before.id), repo.remarkIdsOf(tx, before.id)]);
      const after = await repo.updateGroup(tx, before.id, body.version, body.name);
      if (!after) throw conflict();
      const wanted = new Set(productIds);
      const had = new Set(productsBefore);
      const added = productIds.filter((id) => !had.has(id));
      const removed = productsBefore.filter((id) => !wanted.has(id));
      await repo.removeProducts(tx, before.id, removed);
      await repo.addProducts(tx, before.id, added);
      await repo.replaceRemarks(tx, before.id, remarkIds);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        entityLabel: after.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: {
          ...diff({ name: before.name, remarkIds: remarksBefore }, { name: after.name, remarkIds }),
          // a group may hold many products: the audit names what changed, not both lists
          ...(added.length + removed.length > 0 ? { productIds: { added, removed } } : {}),
        },
      });
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameExists(body.name) : err;
    });
  return getProductGroup(deps, body.id);
}

/**
 * Deletes a group. NONE: the group only (its products stay; those in no other group become
 * orphans). ORPHANED_PRODUCTS: also its products that belong to no other group, with the lot ranges
 * left without products. One transaction, audited per group, deleted product and deleted lot range.
 */
export async function deleteProductGroup(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  deleteType: DeleteType,
): Promise<{ group: repo.ProductGroupRow; deletedProductIds: number[] }> {
  return deps.db.transaction(async (tx) => {
    const group = await repo.findGroupForUpdate(tx, id);
    if (!group) throw notFound(ENTITY);
    const [productIds, remarkIds] = await Promise.all([repo.productIdsOf(tx, id), repo.remarkIdsOf(tx, id)]);
    const orphaned = deleteType === 'ORPHANED_PRODUCTS' ? await repo.productsOnlyIn(tx, id) : [];
    await repo.deleteGroup(tx, id);
    const deletedProductIds = orphaned.map((p) => p.id);
    const deletedLotRanges = await repo.deleteProductsAndTheirLotRanges(tx, deletedProductIds);
    const deletedLotRangeIds = deletedLotRanges.map((l) => l.id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: group.name,
      action: 'DELETE',
      businessUnitId: group.businessUnitId,
      changes: {
        name: group.name,
        productTypeId: group.productTypeId,
        productIds,
        remarkIds,
        deleteType,
        deletedProductIds,
        deletedLotRangeIds,
      },
    });
    for (const p of orphaned) {
      await audit(tx, actor, {
        entityName: 'product',
        entityId: p.id,
        entityLabel: p.keyCode,
        action: 'DELETE',
        businessUnitId: group.businessUnitId,
        changes: { keyCode: p.keyCode, productTypeId: p.productTypeId, deletedWithProductGroupId: id },
      });
    }
    for (const l of deletedLotRanges) {
      await audit(tx, actor, {
        entityName: 'lot-range',
        entityId: l.id,
        entityLabel: l.name,
        action: 'DELETE',
        businessUnitId: l.businessUnitId,
        changes: {
          name: l.name,
          productTypeId: l.productTypeId,
          numbers: l.numbers,
          archiveDate: l.archiveDate ? l.archiveDate.toISOString() : null,
          appliesToAll: l.appliesToAll,
        },
      });
    }
    return { group, deletedProductIds };
  });
}

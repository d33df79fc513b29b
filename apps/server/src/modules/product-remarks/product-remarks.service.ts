import {
  CatalogueErrorKeys,
  ErrorKeys,
  type ProductRemark,
  type productRemarkCreateBody,
  type productRemarkListQuery,
  type productRemarkUpdateBody,
  REMARK_CONTENT_MAX,
} from '@vellum/contract';
import type { z } from 'zod';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound } from '../../platform/errors.js';
import { type RichTextUpload, sanitizeRichText } from '../../platform/rich-text.js';
import * as repo from './product-remarks.repo.js';

type RemarkCreate = z.output<typeof productRemarkCreateBody>;
type RemarkUpdate = z.output<typeof productRemarkUpdateBody>;
type RemarkListQuery = z.output<typeof productRemarkListQuery>;

const ENTITY = 'product-remark';
const OBJECT = 'productRemark';

/** The unit of a remark, for its routes' access rule (undefined: no such remark). */
export const unitOfProductRemark: EntityUnitLookup = async (db, id) => (await repo.findRemark(db, id))?.businessUnitId;

const nameExists = (name: string) => fieldError(OBJECT, 'name', CatalogueErrorKeys.productRemarkNameExists, { name });

/** A unique-index violation lost to a concurrent write of the same name. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** What the audit log records of a remark. */
const stateOf = (r: repo.ProductRemarkRow) => ({
  name: r.name,
  visualizationOrder: r.visualizationOrder,
  hcp: r.hcp,
  patient: r.patient,
  content: r.content,
  cloudStorageObjectKey: r.cloudStorageObjectKey,
});

async function withGroups(deps: Pick<Deps, 'db'>, rows: repo.ProductRemarkRow[]): Promise<ProductRemark[]> {
  const groups = await repo.groupsOfRemarks(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    businessUnitId: r.businessUnitId,
    name: r.name,
    visualizationOrder: r.visualizationOrder,
    hcp: r.hcp,
    patient: r.patient,
    content: r.content,
    cloudStorageObjectKey: r.cloudStorageObjectKey,
    productGroups: groups.filter((g) => g.remarkId === r.id).map((g) => ({ id: g.id, name: g.name })),
    version: r.version,
  }));
}

export async function listProductRemarks(deps: Pick<Deps, 'db'>, q: RemarkListQuery): Promise<ProductRemark[]> {
  return withGroups(deps, await repo.listRemarks(deps.db, q['business-unit'], q.search || undefined));
}

export async function getProductRemark(deps: Pick<Deps, 'db'>, id: number): Promise<ProductRemark> {
  const row = await repo.findRemark(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return (await withGroups(deps, [row]))[0];
}

/** The body's fields as stored: the content sanitised. */
function valuesOf(body: Omit<RemarkCreate, 'id'>): repo.ProductRemarkValues {
  return {
    businessUnitId: body.businessUnitId,
    name: body.name,
    visualizationOrder: body.visualizationOrder,
    hcp: body.hcp,
    patient: body.patient,
    content: sanitizeRichText(body.content),
  };
}

export async function createProductRemark(deps: Pick<Deps, 'db'>, actor: Actor, body: RemarkCreate): Promise<ProductRemark> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const values = valuesOf(body);
  const id = await deps.db
    .transaction(async (tx) => {
      // remarks belong to a real business unit, never to the global scope
      if (!(await repo.businessUnitExists(tx, values.businessUnitId))) throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
      if (await repo.remarkNameTaken(tx, values.businessUnitId, values.name)) throw nameExists(values.name);
      const row = await repo.insertRemark(tx, values);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'CREATE',
        businessUnitId: row.businessUnitId,
        changes: stateOf(row),
      });
      return row.id;
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameExists(values.name) : err;
    });
  return getProductRemark(deps, id);
}

/** Updates a remark; the business unit cannot change and a stale version answers 409. */
export async function updateProductRemark(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: RemarkUpdate,
  pathId?: number,
): Promise<ProductRemark> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const values = valuesOf(body);
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findRemarkForUpdate(tx, body.id);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (values.businessUnitId !== before.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
      if (await repo.remarkNameTaken(tx, before.businessUnitId, values.name, before.id)) throw nameExists(values.name);
      const after = await repo.updateRemark(tx, before.id, body.version, values);
      if (!after) throw conflict();
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        entityLabel: values.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: diff(stateOf(before), stateOf(after)),
      });
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameExists(values.name) : err;
    });
  return getProductRemark(deps, body.id);
}

/** Deletes a remark with its links to product groups, then its uploaded document. */
export async function deleteProductRemark(deps: Pick<Deps, 'db' | 'files'>, actor: Actor, id: number): Promise<repo.ProductRemarkRow> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findRemarkForUpdate(tx, id);
    if (!before) throw notFound(ENTITY);
    const groups = await repo.groupsOfRemarks(tx, [id]);
    await repo.deleteRemark(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: { ...stateOf(before), productGroupIds: groups.map((g) => g.id) },
    });
    return before;
  });
  if (row.cloudStorageObjectKey) await deps.files.delete(row.cloudStorageObjectKey).catch(() => {});
  return row;
}

/** Answer of the rich-text upload. */
export interface RemarkDocument {
  cloudStorageObjectKey: string;
  content: string;
}

/**
 * Keeps an uploaded rich-text document: the original goes to the file store (its key recorded on
 * the remark), its sanitised HTML becomes the remark's content. The replaced original is deleted
 * once the change is committed; when the change fails, the new one is.
 */
export async function uploadProductRemarkDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  actor: Actor,
  id: number,
  upload: RichTextUpload,
): Promise<RemarkDocument & { name: string }> {
  if (upload.html.length > REMARK_CONTENT_MAX)
    throw new AppError(ErrorKeys.validation, 400, { max: REMARK_CONTENT_MAX }, [
      { objectName: 'multipart', field: 'file', message: 'Size' },
    ]);
  const current = await repo.findRemark(deps.db, id);
  if (!current) throw notFound(ENTITY);
  const key = await deps.files.put(`product-remarks/${current.businessUnitId}/${id}`, upload.original, upload.format);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const before = await repo.findRemarkForUpdate(tx, id);
      if (!before) throw notFound(ENTITY);
      const after = await repo.updateRemark(tx, id, before.version, { content: upload.html, cloudStorageObjectKey: key });
      if (!after) throw conflict();
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: before.name,
        action: 'UPLOAD',
        businessUnitId: before.businessUnitId,
        changes: { ...diff(stateOf(before), stateOf(after)), format: upload.format, bytes: upload.original.length },
      });
      return before.cloudStorageObjectKey;
    });
  } catch (err) {
    await deps.files.delete(key).catch(() => {});
    throw err;
  }
  if (previous && previous !== key) await deps.files.delete(previous).catch(() => {});
  return { cloudStorageObjectKey: key, content: upload.html, name: current.name };
}

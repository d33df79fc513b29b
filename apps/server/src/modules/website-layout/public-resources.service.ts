import { createHash } from 'node:crypto';
import {
  WebsiteLayoutErrorKeys as K,
  PUBLIC_RESOURCE_CSS_PREFIX,
  PUBLIC_RESOURCES_MAX,
  type PublicResource,
  pathOf,
  publicResourceName,
  websiteLayoutApi,
} from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, fieldError, invalidField, notFound } from '../../platform/errors.js';
import { cssReferences } from './css-check.js';
import { requireUnit } from './list-rules.js';
import { RESOURCE_KINDS, type ResourceUpload } from './resource-upload.js';
import * as repo from './website-layout.repo.js';

const ENTITY = 'public-resource';
const OBJECT = 'publicResource';

/** The unit of a public resource, for its routes' access rule (undefined: no such resource). */
export const unitOfPublicResource: EntityUnitLookup = async (db, id) => (await repo.findPublicResource(db, id))?.businessUnitId;

/** Where the public site serves a resource; a unit's style sheet is served beside it (`style.css`). */
export const resourceUrl = (businessUnitId: number, name: string) =>
  pathOf(websiteLayoutApi.publicResourceContent, { id: businessUnitId, name });

export const toPublicResource = (r: repo.PublicResourceRow): PublicResource => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  name: r.name,
  mediaType: r.mediaType,
  size: r.size,
  sha256: r.sha256,
  createdDate: r.createdDate.toISOString(),
  url: resourceUrl(r.businessUnitId, r.name),
  cssReference: `url(${PUBLIC_RESOURCE_CSS_PREFIX}${r.name})`,
});
const stateOf = (r: repo.PublicResourceRow) => ({ name: r.name, mediaType: r.mediaType, size: r.size, sha256: r.sha256 });

export async function listPublicResources(db: DbOrTx, businessUnitId: number): Promise<PublicResource[]> {
  await requireUnit(db, businessUnitId);
  return (await repo.listPublicResources(db, businessUnitId)).map(toPublicResource);
}

/** The name as stored: a safe file name whose extension says what the content is. */
function nameOf(upload: ResourceUpload): string {
  const parsed = publicResourceName.safeParse(upload.name ?? '');
  if (!parsed.success) throw invalidField(OBJECT, 'name', parsed.error.issues[0]?.message ?? 'Pattern');
  const name = parsed.data;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const expected: readonly string[] = RESOURCE_KINDS[upload.mediaType];
  if (!expected.includes(ext))
    throw new AppError(K.publicResourceExtension, 400, { expected: expected.join(', ') }, [
      { objectName: OBJECT, field: 'name', message: K.publicResourceExtension },
    ]);
  return name;
}

const nameExists = (name: string) => fieldError(OBJECT, 'name', K.publicResourceExists, { name });
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Stores an uploaded resource of the unit, or (with `replaces`) new content for one of its
 * resources under the same name so references stay valid. The binary is written first and removed
 * again when the transaction fails; a replaced binary is removed once it commits.
 */
export async function uploadPublicResource(deps: Pick<Deps, 'db' | 'files'>, actor: Actor, businessUnitId: number, upload: ResourceUpload) {
  const replacesId = upload.replaces === undefined ? undefined : Number(upload.replaces);
  if (replacesId !== undefined && !(Number.isInteger(replacesId) && replacesId > 0)) throw invalidField(OBJECT, 'id', 'Pattern');
  const name = replacesId === undefined ? nameOf(upload) : undefined;
  const values = {
    mediaType: upload.mediaType,
    size: upload.buffer.length,
    sha256: createHash('sha256').update(upload.buffer).digest('hex'),
  };
  const ext = RESOURCE_KINDS[upload.mediaType][0];
  const key = await deps.files.put(`public-resources/${businessUnitId}`, upload.buffer, ext);
  let result: { row: repo.PublicResourceRow; previousKey?: string };
  try {
    result = await deps.db.transaction(async (tx) => {
      const unit = await repo.findUnit(tx, businessUnitId, true);
      if (!unit) throw notFound('business-unit');
      if (replacesId !== undefined) {
        const before = await repo.findPublicResource(tx, replacesId, true);
        if (!before) throw fieldError(OBJECT, 'id', K.publicResourceNotFound, { id: replacesId });
        if (before.businessUnitId !== businessUnitId) throw fieldError(OBJECT, 'businessUnitId', K.publicResourceBusinessUnitChange);
        const expected: readonly string[] = RESOURCE_KINDS[upload.mediaType];
        if (!expected.includes(before.name.slice(before.name.lastIndexOf('.') + 1).toLowerCase()))
          throw fieldError(OBJECT, 'file', K.publicResourceExtension, { expected: expected.join(', ') });
        const row = await repo.updatePublicResource(tx, before.id, { name: before.name, storageKey: key, ...values });
        await audit(tx, actor, {
          entityName: ENTITY,
          entityId: row.id,
          entityLabel: row.name,
          businessUnitId,
          action: 'UPDATE',
          changes: { from: stateOf(before), to: stateOf(row) },
        });
        return { row, previousKey: before.storageKey };
      }
      if (await repo.findPublicResourceByName(tx, businessUnitId, name as string)) throw nameExists(name as string);
      if ((await repo.countPublicResources(tx, businessUnitId)) >= PUBLIC_RESOURCES_MAX)
        throw fieldError(OBJECT, 'items', K.publicResourceTooMany, { max: PUBLIC_RESOURCES_MAX });
      const row = await repo.insertPublicResource(tx, businessUnitId, { name: name as string, storageKey: key, ...values });
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        businessUnitId,
        action: 'CREATE',
        changes: stateOf(row),
      });
      return { row };
    });
  } catch (err) {
    await deps.files.delete(key).catch(() => {});
    throw isUniqueViolation(err) ? nameExists(name as string) : err;
  }
  if (result.previousKey) await deps.files.delete(result.previousKey).catch(() => {});
  return { resource: toPublicResource(result.row), replaced: result.previousKey !== undefined };
}

/** Deletes a resource the unit's CSS no longer references; its binary goes once the delete commits. */
export async function deletePublicResource(deps: Pick<Deps, 'db' | 'files'>, actor: Actor, id: number): Promise<PublicResource> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findPublicResource(tx, id, true);
    if (!before) throw notFound(ENTITY);
    const unit = await repo.findUnit(tx, before.businessUnitId, true);
    if (unit && cssReferences(unit.cssContent).includes(before.name))
      throw new AppError(K.publicResourceInUse, 400, { name: before.name }, [
        { objectName: OBJECT, field: 'id', message: K.publicResourceInUse },
      ]);
    await repo.deletePublicResource(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      businessUnitId: before.businessUnitId,
      action: 'DELETE',
      changes: stateOf(before),
    });
    return before;
  });
  await deps.files.delete(row.storageKey).catch(() => {});
  return toPublicResource(row);
}

/** The stored resource of a unit by its name (case-insensitive), for the public site. */
export async function findResourceContent(deps: Pick<Deps, 'db' | 'files'>, businessUnitId: number, name: string) {
  const row = await repo.findPublicResourceByName(deps.db, businessUnitId, name);
  const data = row ? await deps.files.get(row.storageKey) : undefined;
  if (!row || !data) throw notFound(ENTITY);
  return { row, data };
}

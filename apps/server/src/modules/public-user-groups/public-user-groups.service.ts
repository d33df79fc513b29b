import {
  ErrorKeys,
  type PublicUserGroup,
  type publicUserGroupCreateBody,
  type publicUserGroupListQuery,
  type publicUserGroupUpdateBody,
  RestrictedAccessErrorKeys,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import * as repo from './public-user-groups.repo.js';

type GroupCreate = z.output<typeof publicUserGroupCreateBody>;
type GroupUpdate = z.output<typeof publicUserGroupUpdateBody>;
type GroupListQuery = z.output<typeof publicUserGroupListQuery>;

const ENTITY = 'public-user-group';
const OBJECT = 'publicUserGroup';

/** The unit of a restricted user group, for its routes' access rule (undefined: no such group). */
export const unitOfPublicUserGroup: EntityUnitLookup = async (db, id) => (await repo.findGroup(db, id))?.businessUnitId;

const nameExists = (name: string) => fieldError(OBJECT, 'name', RestrictedAccessErrorKeys.groupNameExists, { name });

/** A racing write that lost on the name index answers the rule it broke. */
const mapUniqueViolation = (name: string) => (err: unknown) => {
  if (uniqueViolationOf(err) !== undefined) throw nameExists(name);
  throw err;
};

const view = (r: repo.PublicUserGroupRow, documents: repo.LinkedDocument[]): PublicUserGroup => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  name: r.name,
  enabled: r.enabled,
  emails: r.emails,
  documentIds: documents.map((d) => d.id),
  documents,
  createdDate: r.createdDate.toISOString(),
  version: r.version,
});

async function viewOne(db: DbOrTx, row: repo.PublicUserGroupRow): Promise<PublicUserGroup> {
  const documents = await repo.documentsOfGroups(db, [row.id]);
  return view(row, documents.get(row.id) ?? []);
}

/** What a list change did, for the audit log: undefined when nothing changed. */
function listChange<T>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } | undefined {
  const was = new Set(before);
  const is = new Set(after);
  const added = after.filter((x) => !was.has(x));
  const removed = before.filter((x) => !is.has(x));
  return added.length || removed.length ? { added, removed } : undefined;
}

export async function listPublicUserGroups(
  deps: Pick<Deps, 'db'>,
  q: GroupListQuery,
): Promise<{ items: PublicUserGroup[]; total: number }> {
  const [sort, dir] = (q.sort ?? 'name,asc').split(',') as [repo.PublicUserGroupSortField, string | undefined];
  const filter: repo.GroupFilter = { businessUnitId: q['business-unit'], search: q.search || undefined, documentId: q.document };
  const [rows, total] = await Promise.all([
    repo.listGroups(deps.db, filter, { sort, descending: dir === 'desc', limit: q.size, offset: q.page * q.size }),
    repo.countGroups(deps.db, filter),
  ]);
  const documents = await repo.documentsOfGroups(
    deps.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => view(r, documents.get(r.id) ?? [])), total };
}

export async function getPublicUserGroup(deps: Pick<Deps, 'db'>, id: number): Promise<PublicUserGroup> {
  const row = await repo.findGroup(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return viewOne(deps.db, row);
}

/**
 * The rules of a group as it will be stored: the unit lets groups be written (publicUserGroupActive,
 * share-locked against being switched off meanwhile), the name is its own in the unit, each
 * document is a document of the unit.
 */
async function checkRules(tx: DbOrTx, body: Pick<GroupCreate, 'businessUnitId' | 'name' | 'documentIds'>, exceptId?: number) {
  const active = await repo.groupsActiveInUnit(tx, body.businessUnitId);
  if (active === undefined) throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
  if (!active) throw fieldError(OBJECT, 'businessUnitId', RestrictedAccessErrorKeys.publicUserGroupsDisabled);
  if (await repo.nameTaken(tx, body.businessUnitId, body.name, exceptId)) throw nameExists(body.name);
  const found = await repo.documentsOfUnit(tx, body.businessUnitId, body.documentIds);
  const index = body.documentIds.findIndex((id) => !found.has(id));
  if (index >= 0) {
    throw fieldError(OBJECT, `documentIds.${index}`, RestrictedAccessErrorKeys.documentInvalid, { id: body.documentIds[index] });
  }
}

export async function createPublicUserGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupCreate): Promise<PublicUserGroup> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  return deps.db
    .transaction(async (tx) => {
      await checkRules(tx, body);
      const created = await repo.insertGroup(tx, {
        businessUnitId: body.businessUnitId,
        name: body.name,
        enabled: body.enabled,
        emails: body.emails,
      });
      await repo.setGroupDocuments(tx, created.id, body.documentIds);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: created.id,
        entityLabel: created.name,
        action: 'CREATE',
        businessUnitId: created.businessUnitId,
        changes: { name: created.name, enabled: created.enabled, emails: created.emails, documentIds: body.documentIds },
      });
      return viewOne(tx, created);
    })
    .catch(mapUniqueViolation(body.name));
}

/** Updates a group (its documents included); the unit cannot change and a stale version answers 409. */
export async function updatePublicUserGroup(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: GroupUpdate,
  pathId?: number,
): Promise<PublicUserGroup> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  return deps.db
    .transaction(async (tx) => {
      const before = await repo.findGroupForUpdate(tx, body.id);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (body.businessUnitId !== before.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
      await checkRules(tx, body, before.id);
      const documentsBefore = await repo.linkedDocumentIds(tx, before.id);
      const after = await repo.updateGroup(tx, before.id, body.version, { name: body.name, enabled: body.enabled, emails: body.emails });
      if (!after) throw conflict();
      await repo.setGroupDocuments(tx, before.id, body.documentIds);
      const changes: Record<string, unknown> = {};
      if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
      if (before.enabled !== after.enabled) changes.enabled = { from: before.enabled, to: after.enabled };
      const emails = listChange(before.emails, after.emails);
      if (emails) changes.emails = emails;
      const documentIds = listChange(documentsBefore, body.documentIds);
      if (documentIds) changes.documentIds = documentIds;
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        entityLabel: after.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes,
      });
      return viewOne(tx, after);
    })
    .catch(mapUniqueViolation(body.name));
}

/**
 * Deletes a group. One linked to documents is deleted only when the caller says so
 * (`unlinkDocuments`): otherwise linkedToDocuments with the number of documents.
 */
export async function deletePublicUserGroup(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  unlinkDocuments: boolean,
): Promise<repo.PublicUserGroupRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findGroupForUpdate(tx, id);
    if (!before) throw notFound(ENTITY);
    const documentIds = await repo.linkedDocumentIds(tx, id);
    if (documentIds.length > 0 && !unlinkDocuments) {
      throw new AppError(RestrictedAccessErrorKeys.groupLinkedToDocuments, 400, { documents: documentIds.length });
    }
    await repo.deleteGroup(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: { name: before.name, enabled: before.enabled, emails: before.emails, unlinkedDocumentIds: documentIds },
    });
    return before;
  });
}

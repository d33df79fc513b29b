import {
  ErrorKeys,
  type LanguageGroup,
  type languageGroupCreateBody,
  type languageGroupUpdateBody,
  RegionLanguageErrorKeys,
  type unitListQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, fieldError, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { unitLanguageLists } from '../reference-data/reference-data.repo.js';
import * as repo from './languages.repo.js';
import { knownLanguages } from './languages.service.js';

type GroupCreate = z.output<typeof languageGroupCreateBody>;
type GroupUpdate = z.output<typeof languageGroupUpdateBody>;
type ListQuery = z.output<typeof unitListQuery>;

const ENTITY = 'language-group';
const OBJECT = 'languageGroup';

/** The unit of a language group, for its routes' access rule (undefined: no such group). */
export const unitOfLanguageGroup: EntityUnitLookup = async (db, id) => (await repo.findGroup(db, id))?.businessUnitId;

async function toGroups(db: DbOrTx, rows: repo.LanguageGroupRow[]): Promise<LanguageGroup[]> {
  const links = await repo.languagesOfGroups(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    businessUnitId: r.businessUnitId,
    name: r.name,
    documentLanguageIds: links.filter((l) => l.groupId === r.id).map((l) => l.code),
    version: r.version,
  }));
}

export async function listLanguageGroups(deps: Pick<Deps, 'db'>, q: ListQuery) {
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['name,asc'] }, repo.languageGroupSortable, repo.languageGroupSortable.id);
  const { rows, total } = await repo.listGroups(deps.db, q['business-unit'], q.search || undefined, page);
  return { items: await toGroups(deps.db, rows), total };
}

export async function getLanguageGroup(deps: Pick<Deps, 'db'>, id: number): Promise<LanguageGroup> {
  const row = await repo.findGroup(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return (await toGroups(deps.db, [row]))[0];
}

/**
 * Inside the change's transaction, with the unit row locked (a concurrent change of the unit's
 * document languages waits): the languages are document languages of the unit, in no other group,
 * and the name is free.
 */
async function checkGroup(tx: DbOrTx, unitId: number, name: string, codes: string[], exceptId?: number) {
  const lists = await unitLanguageLists(tx, unitId, true);
  if (!lists) throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
  const outside = codes.filter((c) => !lists.documentLanguages.includes(c));
  if (outside.length)
    throw fieldError(OBJECT, 'documentLanguageIds', RegionLanguageErrorKeys.languageGroupNotDocumentLanguage, {
      codes: outside.join(', '),
    });
  if (await repo.groupNameTaken(tx, unitId, name, exceptId))
    throw fieldError(OBJECT, 'name', RegionLanguageErrorKeys.languageGroupNameExists, { name });
  const grouped = await repo.languageGrouped(tx, unitId, codes, exceptId);
  if (grouped) throw fieldError(OBJECT, 'documentLanguageIds', RegionLanguageErrorKeys.languageGroupLanguageAssigned, grouped);
}

async function checkedCodes(deps: Pick<Deps, 'db'>, codes: string[]): Promise<string[]> {
  if (codes.length === 0) throw fieldError(OBJECT, 'documentLanguageIds', RegionLanguageErrorKeys.languageGroupLanguageRequired);
  return knownLanguages(deps.db, OBJECT, 'documentLanguageIds', codes);
}

/** The unit row lock serialises group changes of a unit; a unique index that still fires answers the check's key. */
async function mappingRaces<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    if (constraint === 'language_group_unit_name_uq')
      throw fieldError(OBJECT, 'name', RegionLanguageErrorKeys.languageGroupNameExists, { name });
    if (constraint === 'language_group_language_unit_language_uq')
      throw fieldError(OBJECT, 'documentLanguageIds', RegionLanguageErrorKeys.languageGroupLanguageAssigned);
    throw err;
  }
}

export async function createLanguageGroup(deps: Pick<Deps, 'db'>, actor: Actor, body: GroupCreate): Promise<LanguageGroup> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const codes = await checkedCodes(deps, body.documentLanguageIds);
  const id = await mappingRaces(body.name, () =>
    deps.db.transaction(async (tx) => {
      await checkGroup(tx, body.businessUnitId, body.name, codes);
      const row = await repo.insertGroup(tx, { businessUnitId: body.businessUnitId, name: body.name });
      await repo.setGroupLanguages(tx, row, codes);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        action: 'CREATE',
        businessUnitId: row.businessUnitId,
        changes: { name: row.name, documentLanguageIds: codes },
      });
      return row.id;
    }),
  );
  return getLanguageGroup(deps, id);
}

export async function updateLanguageGroup(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: GroupUpdate,
  pathId?: number,
): Promise<LanguageGroup> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const codes = await checkedCodes(deps, body.documentLanguageIds);
  await mappingRaces(body.name, () =>
    deps.db.transaction(async (tx) => {
      // the unit row first, then the group: the order of every change that locks both
      const stored = await repo.findGroup(tx, body.id);
      if (!stored) throw notFound(ENTITY);
      await unitLanguageLists(tx, stored.businessUnitId, true);
      const before = await repo.findGroup(tx, body.id, true);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (body.businessUnitId !== before.businessUnitId)
        throw fieldError(OBJECT, 'businessUnitId', RegionLanguageErrorKeys.languageGroupBusinessUnitCannotChange);
      await checkGroup(tx, before.businessUnitId, body.name, codes, before.id);
      const beforeCodes = (await repo.languagesOfGroups(tx, [before.id])).map((l) => l.code);
      const after = await repo.updateGroup(tx, before.id, body.version, body.name);
      if (!after) throw conflict();
      await repo.setGroupLanguages(tx, after, codes);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        entityLabel: after.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: diff({ name: before.name, documentLanguageIds: beforeCodes }, { name: after.name, documentLanguageIds: codes }),
      });
    }),
  );
  return getLanguageGroup(deps, body.id);
}

export async function deleteLanguageGroup(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.LanguageGroupRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id, true);
    if (!before) throw notFound(ENTITY);
    const codes = (await repo.languagesOfGroups(tx, [id])).map((l) => l.code);
    await repo.deleteGroup(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: { name: before.name, documentLanguageIds: codes },
    });
    return before;
  });
}

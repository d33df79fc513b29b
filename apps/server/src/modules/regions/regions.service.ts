import {
  ErrorKeys,
  type Region,
  type RegionKind,
  RegionLanguageErrorKeys,
  type regionCreateBody,
  type regionUpdateBody,
  type unitListQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, fieldError, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { unitLanguageLists, unknownCountryCodes } from '../reference-data/reference-data.repo.js';
import * as repo from './regions.repo.js';

type RegionCreate = z.output<typeof regionCreateBody>;
type RegionUpdate = z.output<typeof regionUpdateBody>;
type ListQuery = z.output<typeof unitListQuery>;

/** Audit entity names and access-lookup names of the two kinds. */
export const REGION_ENTITY: Record<RegionKind, string> = { INTERFACE: 'interface-region', DOCUMENT: 'document-region' };
const OBJECT: Record<RegionKind, string> = { INTERFACE: 'interfaceRegion', DOCUMENT: 'documentRegion' };
/** Unit 0: the manufacturer-wide regions a unit without its own uses (decision 0023). */
const MANUFACTURER_UNIT = 0;

/** The unit of a region of the kind, for its routes' access rule (undefined: no such region). */
export const unitOfRegion =
  (kind: RegionKind): EntityUnitLookup =>
  async (db, id) =>
    (await repo.findRegion(db, kind, id))?.businessUnitId;

async function toRegions(db: DbOrTx, rows: repo.RegionRow[]): Promise<Region[]> {
  const links = await repo.countriesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    businessUnitId: r.businessUnitId,
    name: r.name,
    countryIds: links.filter((l) => l.regionId === r.id).map((l) => l.code),
    version: r.version,
  }));
}

/**
 * A unit's regions of a kind; a unit without its own answers the manufacturer-wide ones (unit 0),
 * which its screens show as inherited (their businessUnitId is 0).
 */
export async function listRegions(deps: Pick<Deps, 'db'>, kind: RegionKind, q: ListQuery) {
  const page = pageRequest(q.sort.length ? q : { ...q, sort: ['name,asc'] }, repo.regionSortable, repo.regionSortable.id);
  const own = q['business-unit'];
  const unit = own !== MANUFACTURER_UNIT && (await repo.countRegions(deps.db, kind, own)) === 0 ? MANUFACTURER_UNIT : own;
  const { rows, total } = await repo.listRegions(deps.db, kind, unit, q.search || undefined, page);
  return { items: await toRegions(deps.db, rows), total };
}

export async function getRegion(deps: Pick<Deps, 'db'>, kind: RegionKind, id: number): Promise<Region> {
  const row = await repo.findRegion(deps.db, kind, id);
  if (!row) throw notFound(REGION_ENTITY[kind]);
  return (await toRegions(deps.db, [row]))[0];
}

/** The rules of spec 001 §8 that the body alone, and the reference data, decide. */
async function checkBody(db: DbOrTx, kind: RegionKind, body: { businessUnitId: number; countryIds: string[] }): Promise<string[]> {
  const codes = [...new Set(body.countryIds)].sort();
  if (codes.length === 0) throw fieldError(OBJECT[kind], 'countryIds', RegionLanguageErrorKeys.regionCountryRequired);
  const unknown = await unknownCountryCodes(db, codes);
  if (unknown.length) throw fieldError(OBJECT[kind], 'countryIds', RegionLanguageErrorKeys.unknownCountry, { codes: unknown.join(', ') });
  return codes;
}

async function checkUnique(tx: DbOrTx, kind: RegionKind, unitId: number, name: string, codes: string[], exceptId?: number) {
  if (await repo.regionNameTaken(tx, kind, unitId, name, exceptId))
    throw fieldError(OBJECT[kind], 'name', RegionLanguageErrorKeys.regionNameExists, { name });
  const held = await repo.countryHeldElsewhere(tx, kind, unitId, codes, exceptId);
  if (held) throw fieldError(OBJECT[kind], 'countryIds', RegionLanguageErrorKeys.regionCountryAssigned, held);
}

/** A racing write that hits a unique index answers the same key as the checks: one winner, one 400. */
async function mappingRaces<T>(
  deps: Pick<Deps, 'db'>,
  kind: RegionKind,
  unitId: number,
  name: string,
  codes: string[],
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    if (constraint === 'region_unit_kind_name_uq')
      throw fieldError(OBJECT[kind], 'name', RegionLanguageErrorKeys.regionNameExists, { name });
    if (constraint === 'region_country_unit_kind_country_uq') {
      const held = await repo.countryHeldElsewhere(deps.db, kind, unitId, codes);
      throw fieldError(OBJECT[kind], 'countryIds', RegionLanguageErrorKeys.regionCountryAssigned, held ?? {});
    }
    throw err;
  }
}

export async function createRegion(deps: Pick<Deps, 'db'>, actor: Actor, kind: RegionKind, body: RegionCreate): Promise<Region> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT[kind], 'id', ErrorKeys.idExists, { entity: REGION_ENTITY[kind] });
  const codes = await checkBody(deps.db, kind, body);
  const unitId = body.businessUnitId;
  const id = await mappingRaces(deps, kind, unitId, body.name, codes, () =>
    deps.db.transaction(async (tx) => {
      if (!(await unitLanguageLists(tx, unitId))) throw invalidField(OBJECT[kind], 'businessUnitId', 'NotFound');
      await checkUnique(tx, kind, unitId, body.name, codes);
      const row = await repo.insertRegion(tx, { kind, businessUnitId: unitId, name: body.name });
      await repo.setRegionCountries(tx, row, codes);
      await audit(tx, actor, {
        entityName: REGION_ENTITY[kind],
        entityId: row.id,
        entityLabel: row.name,
        action: 'CREATE',
        businessUnitId: unitId,
        changes: { name: row.name, countryIds: codes },
      });
      return row.id;
    }),
  );
  return getRegion(deps, kind, id);
}

/** Updates name and countries; the business unit cannot change and a stale version answers 409. */
export async function updateRegion(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  kind: RegionKind,
  body: RegionUpdate,
  pathId?: number,
): Promise<Region> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT[kind], 'id', ErrorKeys.idMismatch);
  const codes = await checkBody(deps.db, kind, body);
  await mappingRaces(deps, kind, body.businessUnitId, body.name, codes, () =>
    deps.db.transaction(async (tx) => {
      const before = await repo.findRegion(tx, kind, body.id, true);
      if (!before) throw notFound(REGION_ENTITY[kind]);
      if (before.version !== body.version) throw conflict();
      if (body.businessUnitId !== before.businessUnitId)
        throw fieldError(OBJECT[kind], 'businessUnitId', RegionLanguageErrorKeys.regionBusinessUnitCannotChange);
      await checkUnique(tx, kind, before.businessUnitId, body.name, codes, before.id);
      const beforeCodes = (await repo.countriesOf(tx, [before.id])).map((l) => l.code);
      const after = await repo.updateRegion(tx, before.id, body.version, body.name);
      if (!after) throw conflict();
      await repo.setRegionCountries(tx, after, codes);
      await audit(tx, actor, {
        entityName: REGION_ENTITY[kind],
        entityId: before.id,
        entityLabel: after.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: diff({ name: before.name, countryIds: beforeCodes }, { name: after.name, countryIds: codes }),
      });
    }),
  );
  return getRegion(deps, kind, body.id);
}

export async function deleteRegion(deps: Pick<Deps, 'db'>, actor: Actor, kind: RegionKind, id: number): Promise<repo.RegionRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findRegion(tx, kind, id, true);
    if (!before) throw notFound(REGION_ENTITY[kind]);
    const codes = (await repo.countriesOf(tx, [id])).map((l) => l.code);
    await repo.deleteRegion(tx, id);
    await audit(tx, actor, {
      entityName: REGION_ENTITY[kind],
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: { name: before.name, countryIds: codes },
    });
    return before;
  });
}

import {
  ScheduledExportErrorKeys as E,
  ErrorKeys,
  type ScheduledExport,
  type scheduledExportCreateBody,
  type scheduledExportListQuery,
  type scheduledExportUpdateBody,
} from '@vellum/contract';
import type { z } from 'zod';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, uniqueViolationOf } from '../../platform/errors.js';
import { pageRequest } from '../../platform/paging.js';
import { nextRunAfter } from './next-run.js';
import * as repo from './scheduled-exports.repo.js';

type CreateBody = z.output<typeof scheduledExportCreateBody>;
type UpdateBody = z.output<typeof scheduledExportUpdateBody>;
type ListQuery = z.output<typeof scheduledExportListQuery>;

const ENTITY = 'scheduled_export';
const OBJECT = 'scheduledExport';

/** The unit of a schedule, for its routes' access rule (undefined: no such schedule). */
export const unitOfScheduledExport: EntityUnitLookup = async (db, id) => (await repo.findScheduledExport(db, id))?.row.businessUnitId;

/** "Scheduled bulk export … not found" (spec 001 §8). */
export const scheduledExportNotFound = () => new AppError(E.notFound, 404, { entity: ENTITY });
/** "Scheduled bulk export exists": on the product type, or on the entity for the unit's documents. */
const exists = (body: { entity: string }) => fieldError(OBJECT, body.entity === 'PRODUCT' ? 'productTypeId' : 'entity', E.exists);

function toApi(row: repo.ScheduledExportRow, productTypeName: string | null): ScheduledExport {
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    entity: row.entity as ScheduledExport['entity'],
    productTypeId: row.productTypeId,
    productTypeName,
    fileFormat: row.fileFormat as ScheduledExport['fileFormat'],
    frequency: row.frequency as ScheduledExport['frequency'],
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    hour: row.hour,
    timeZone: row.timeZone,
    recipients: row.recipients,
    active: row.active,
    createdBy: row.createdByLogin,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** What the audit log records of a schedule. */
const stateOf = (r: repo.ScheduledExportRow) => ({
  entity: r.entity,
  productTypeId: r.productTypeId,
  fileFormat: r.fileFormat,
  frequency: r.frequency,
  dayOfWeek: r.dayOfWeek,
  dayOfMonth: r.dayOfMonth,
  hour: r.hour,
  timeZone: r.timeZone,
  recipients: r.recipients,
  active: r.active,
});

export async function listScheduledExports(deps: Pick<Deps, 'db'>, q: ListQuery) {
  const page = pageRequest(
    { page: q.page, size: q.size, sort: q.sort.length > 0 ? q.sort : ['productTypeName,asc'] },
    repo.SORTABLE,
    repo.SORTABLE.id,
  );
  const { rows, total } = await repo.listScheduledExports(deps.db, q['business-unit'], page);
  return { items: rows.map((r) => toApi(r.row, r.productTypeName)), total };
}

export async function getScheduledExport(deps: Pick<Deps, 'db'>, id: number): Promise<ScheduledExport> {
  const found = await repo.findScheduledExport(deps.db, id);
  if (!found) throw scheduledExportNotFound();
  return toApi(found.row, found.productTypeName);
}

/** A product schedule's product type must be the unit's (spec: "product type business unit must match"). */
async function checkProductType(
  db: Deps['db'],
  body: { businessUnitId: number; entity: string; productTypeId: number | null },
): Promise<void> {
  if (body.entity !== 'PRODUCT') return;
  if (body.productTypeId === null || (await repo.unitOfProductType(db, body.productTypeId)) !== body.businessUnitId) {
    throw fieldError(OBJECT, 'productTypeId', E.productTypeUnitMismatch);
  }
}

const valuesOf = (body: CreateBody | UpdateBody, now: Date) => ({
  businessUnitId: body.businessUnitId,
  entity: body.entity,
  productTypeId: body.productTypeId,
  fileFormat: body.fileFormat,
  frequency: body.frequency,
  dayOfWeek: body.dayOfWeek,
  dayOfMonth: body.dayOfMonth,
  hour: body.hour,
  timeZone: body.timeZone,
  recipients: body.recipients,
  active: body.active,
  nextRunAt: body.active ? nextRunAfter(body, now) : null,
});

const onUnique = (body: { entity: string }) => (err: unknown) => {
  throw uniqueViolationOf(err) !== undefined ? exists(body) : err;
};

export async function createScheduledExport(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  body: CreateBody,
  now = new Date(),
): Promise<ScheduledExport> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const id = await deps.db
    .transaction(async (tx) => {
      await checkProductType(tx, body);
      if (await repo.scheduleTaken(tx, body)) throw exists(body);
      const row = await repo.insertScheduledExport(tx, {
        ...valuesOf(body, now),
        createdById: actor.userId,
        createdByLogin: actor.login ?? '',
      });
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: row.id,
        action: 'CREATE',
        businessUnitId: row.businessUnitId,
        changes: stateOf(row),
      });
      return row.id;
    })
    .catch(onUnique(body));
  return getScheduledExport(deps, id);
}

/** Updates a schedule: the unit cannot change, a stale version answers 409, the next run is computed again. */
export async function updateScheduledExport(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  pathId: number,
  body: UpdateBody,
  now = new Date(),
): Promise<ScheduledExport> {
  if (pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  await deps.db
    .transaction(async (tx) => {
      const before = await repo.findScheduledExportForUpdate(tx, body.id);
      if (!before) throw scheduledExportNotFound();
      if (before.version !== body.version) throw conflict();
      if (body.businessUnitId !== before.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
      await checkProductType(tx, body);
      if (await repo.scheduleTaken(tx, body, before.id)) throw exists(body);
      const after = await repo.updateScheduledExport(tx, before.id, body.version, valuesOf(body, now));
      if (!after) throw conflict();
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: diff(stateOf(before), stateOf(after)),
      });
    })
    .catch(onUnique(body));
  return getScheduledExport(deps, body.id);
}

export async function deleteScheduledExport(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findScheduledExportForUpdate(tx, id);
    if (!before) throw scheduledExportNotFound();
    await repo.deleteScheduledExport(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: stateOf(before),
    });
  });
}

import {
  CatalogueErrorKeys,
  DEFAULT_GS1_LINK_TYPE,
  DocumentErrorKeys,
  type DocumentType,
  type documentTypeCreateBody,
  type documentTypeListQuery,
  type documentTypeUpdateBody,
  ErrorKeys,
  isGs1LinkType,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { patientPortalOn } from '../product-types/product-type-rules.js';
import * as repo from './document-types.repo.js';

type TypeCreate = z.output<typeof documentTypeCreateBody>;
type TypeUpdate = z.output<typeof documentTypeUpdateBody>;
type TypeListQuery = z.output<typeof documentTypeListQuery>;

const ENTITY = 'document-type';
const OBJECT = 'documentType';

/** The unit of a document type, for its routes' access rule (undefined: no such type). */
export const unitOfDocumentType: EntityUnitLookup = async (db, id) => (await repo.findType(db, id))?.businessUnitId;

const nameExists = (name: string) => fieldError(OBJECT, 'name', DocumentErrorKeys.typeNameExists, { name });
const sortNumberExists = (sortNumber: number) => fieldError(OBJECT, 'sortNumber', DocumentErrorKeys.typeSortNumberExists, { sortNumber });

/** A racing write that lost on a unique index answers the key of the rule it broke. */
const mapUniqueViolation = (values: repo.DocumentTypeValues) => (err: unknown) => {
  const constraint = uniqueViolationOf(err);
  if (constraint === 'document_type_unit_sort_number_uq') throw sortNumberExists(values.sortNumber);
  if (constraint !== undefined) throw nameExists(values.name);
  throw err;
};

const stateOf = (r: repo.DocumentTypeRow) => ({
  name: r.name,
  active: r.active,
  hcp: r.hcp,
  patient: r.patient,
  sortNumber: r.sortNumber,
  // the contract's list is the only writer; a value it no longer lists reads as the default
  linkType: isGs1LinkType(r.linkType) ? r.linkType : DEFAULT_GS1_LINK_TYPE,
});
const view = (r: repo.DocumentTypeRow): DocumentType => ({ id: r.id, businessUnitId: r.businessUnitId, ...stateOf(r), version: r.version });

export async function listDocumentTypes(deps: Pick<Deps, 'db'>, q: TypeListQuery): Promise<{ items: DocumentType[]; total: number }> {
  const [sort, dir] = (q.sort ?? 'sortNumber,asc').split(',') as [repo.DocumentTypeSortField, string | undefined];
  const search = q.search || undefined;
  const [rows, total] = await Promise.all([
    repo.listTypes(deps.db, q['business-unit'], search, {
      sort,
      descending: dir === 'desc',
      limit: q.size,
      offset: q.page * q.size,
    }),
    repo.countTypes(deps.db, q['business-unit'], search),
  ]);
  return { items: rows.map(view), total };
}

export async function getDocumentType(deps: Pick<Deps, 'db'>, id: number): Promise<DocumentType> {
  const row = await repo.findType(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return view(row);
}

const valuesOf = (body: Omit<TypeCreate, 'id'>): repo.DocumentTypeValues => ({
  businessUnitId: body.businessUnitId,
  name: body.name,
  active: body.active,
  hcp: body.hcp,
  patient: body.patient,
  sortNumber: body.sortNumber,
  linkType: body.linkType,
});

/**
 * The rules of a type as it will be stored: an audience, the patient audience only while the
 * patient portal is on (one stored while it was on may stay), a name and sort number of its own.
 */
async function checkRules(tx: DbOrTx, values: repo.DocumentTypeValues, before?: repo.DocumentTypeRow): Promise<void> {
  if (!values.hcp && !values.patient) throw fieldError(OBJECT, 'hcp', DocumentErrorKeys.typeNeedsAudience);
  if (values.patient && !before?.patient && !(await patientPortalOn(tx))) {
    throw fieldError(OBJECT, 'patient', CatalogueErrorKeys.patientToggleDisabled);
  }
  const clash = await repo.clashes(tx, values, before?.id);
  if (clash.name) throw nameExists(values.name);
  if (clash.sortNumber) throw sortNumberExists(values.sortNumber);
}

export async function createDocumentType(deps: Pick<Deps, 'db'>, actor: Actor, body: TypeCreate): Promise<DocumentType> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const values = valuesOf(body);
  const row = await deps.db
    .transaction(async (tx) => {
      // document types belong to a real business unit, never to the global scope
      if (values.businessUnitId === 0 || !(await repo.businessUnitExists(tx, values.businessUnitId))) {
        throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
      }
      await checkRules(tx, values);
      const created = await repo.insertType(tx, values);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: created.id,
        entityLabel: created.name,
        action: 'CREATE',
        businessUnitId: created.businessUnitId,
        changes: stateOf(created),
      });
      return created;
    })
    .catch(mapUniqueViolation(values));
  return view(row);
}

/** Updates a type; the business unit cannot change and a stale version answers 409. */
export async function updateDocumentType(deps: Pick<Deps, 'db'>, actor: Actor, body: TypeUpdate, pathId?: number): Promise<DocumentType> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const values = valuesOf(body);
  const row = await deps.db
    .transaction(async (tx) => {
      const before = await repo.findTypeForUpdate(tx, body.id);
      if (!before) throw notFound(ENTITY);
      if (before.version !== body.version) throw conflict();
      if (values.businessUnitId !== before.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
      await checkRules(tx, values, before);
      const after = await repo.updateType(tx, before.id, body.version, values);
      if (!after) throw conflict();
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: before.id,
        entityLabel: after.name,
        action: 'UPDATE',
        businessUnitId: before.businessUnitId,
        changes: diff(stateOf(before), stateOf(after)),
      });
      return after;
    })
    .catch(mapUniqueViolation(values));
  return view(row);
}

/** Deletes a type that no document uses. */
export async function deleteDocumentType(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<repo.DocumentTypeRow> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findTypeForUpdate(tx, id);
    if (!before) throw notFound(ENTITY);
    const documents = await repo.documentsOfType(tx, id);
    if (documents > 0) throw new AppError(DocumentErrorKeys.typeInUse, 400, { documents });
    await repo.deleteType(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      action: 'DELETE',
      businessUnitId: before.businessUnitId,
      changes: stateOf(before),
    });
    return before;
  });
}

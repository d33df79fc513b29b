import {
  DOCUMENT_SORT_FIELDS,
  type Document,
  DocumentErrorKeys,
  type DocumentSortField,
  type documentCreateBody,
  type documentSearchBody,
  type documentSearchQuery,
  type documentUpdateBody,
  ErrorKeys,
  DocumentRecordErrorKeys as K,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, type AuditEntry, audit, auditMany, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { businessUnitExists } from '../document-types/document-types.repo.js';
import { retentionOfDocuments } from '../retention/retention.service.js';
import { type DocumentSort, searchDocuments as searchRows } from './document-search.repo.js';
import * as repo from './documents.repo.js';

type CreateBody = z.output<typeof documentCreateBody>;
type UpdateBody = z.output<typeof documentUpdateBody>;
type SearchBody = z.output<typeof documentSearchBody>;
type SearchQuery = z.output<typeof documentSearchQuery>;

const ENTITY = 'document';
const OBJECT = 'document';
const NESTED_ID_NOT_FOUND = 'error.sql.nestedIdNotFound';

/** The unit of a document, for its routes' access rule (undefined: no such document). */
export const unitOfDocument: EntityUnitLookup = repo.documentUnitOf;

/** What the audit log records of a document. */
interface DocumentState {
  number: string;
  name: string;
  documentTypeId: number;
  attributeValues: Record<string, string>;
  productGroupIds: number[];
  productIds: number[];
}

const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function stateOf(db: DbOrTx, row: repo.DocumentRow): Promise<DocumentState> {
  const [values, groups, products] = await Promise.all([repo.valuesOf(db, row.id), repo.groupsOf(db, row.id), repo.productsOf(db, row.id)]);
  return {
    number: row.number,
    name: row.name,
    documentTypeId: row.documentTypeId,
    attributeValues: Object.fromEntries(values.map((v) => [String(v.attributeDefinitionId), v.value])),
    productGroupIds: sortedUnique(groups.map((g) => g.id)),
    productIds: sortedUnique(products.map((p) => p.id)),
  };
}

export async function getDocument(deps: Pick<Deps, 'db'>, id: number): Promise<Document> {
  const row = await repo.findDocument(deps.db, id);
  if (!row) throw notFound(ENTITY);
  const [type, values, groups, products, publicUserGroups, state] = await Promise.all([
    repo.findType(deps.db, row.documentTypeId),
    repo.valuesOf(deps.db, id),
    repo.groupsOf(deps.db, id),
    repo.productsOf(deps.db, id),
    repo.publicUserGroupsOf(deps.db, id),
    repo.stateAndFiles(deps.db, id),
  ]);
  if (!type) throw notFound(ENTITY);
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    number: row.number,
    name: row.name,
    documentTypeId: row.documentTypeId,
    documentType: { id: type.id, name: type.name, active: type.active, hcp: type.hcp, patient: type.patient },
    attributeValues: values,
    productGroupIds: groups.map((g) => g.id),
    productGroups: groups,
    productIds: products.map((p) => p.id),
    products,
    publicUserGroups,
    publishState: state.publishState,
    fileCount: state.fileCount,
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate.toISOString(),
    version: row.version,
  };
}

/** sort=number|name|documentType|lastModifiedDate|id[,asc|desc]; number ascending by default. */
function sortOf(sort: readonly string[]): DocumentSort[] {
  if (sort.length > 5) throw invalidField('query', 'sort', 'Size');
  if (sort.length === 0) return [{ by: 'number', desc: false }];
  return sort.map((s) => {
    const [by, dir] = s.split(',');
    if (!(DOCUMENT_SORT_FIELDS as readonly string[]).includes(by)) throw invalidField('query', 'sort', 'Pattern');
    return { by: by as DocumentSortField, desc: dir?.toLowerCase() === 'desc' };
  });
}

/** POST api/documents/search: one page of the unit's documents matching every filter given. */
export async function searchDocuments(deps: Pick<Deps, 'db'>, q: SearchQuery, body: SearchBody) {
  const sort = sortOf(q.sort);
  const { items, total } = await searchRows(
    deps.db,
    {
      businessUnitId: q['business-unit'],
      number: body.number,
      name: body.name,
      text: body.text,
      documentTypeId: body.documentTypeId,
      attributes: body.attributes,
      productId: body.productId,
      productGroupId: body.productGroupId,
      publishState: body.publishState,
      hasFiles: body.hasFiles,
      orphans: body.orphans,
    },
    sort,
    { limit: q.size, offset: q.page * q.size },
    q['include-collections'],
  );
  return pageOf(items, total, q);
}

interface CheckedDocument {
  values: { attributeDefinitionId: number; value: string; isUnique: boolean }[];
  groupIds: number[];
  productIds: number[];
}

/**
 * The rules of decision 0032 for a document as it will be stored: a number of its own, a type of
 * the unit (active when the document is created or changes type), values of the unit's
 * definitions (each once; every mandatory active one given; unique ones not taken), product
 * groups and products of the unit. The first broken rule is answered, with its field.
 */
async function checkDocument(tx: DbOrTx, unit: number, body: Omit<CreateBody, 'id'>, before?: repo.DocumentRow): Promise<CheckedDocument> {
  if (await repo.numberTaken(tx, unit, body.number, before?.id))
    throw fieldError(OBJECT, 'number', K.numberExists, { number: body.number });

  const type = await repo.findType(tx, body.documentTypeId);
  if (!type || type.businessUnitId !== unit) {
    throw fieldError(OBJECT, 'documentTypeId', NESTED_ID_NOT_FOUND, { entity: 'documentType', ids: [body.documentTypeId] }, 'NotFound');
  }
  if (!type.active && before?.documentTypeId !== type.id) throw fieldError(OBJECT, 'documentTypeId', K.typeInactive, { name: type.name });

  const definitions = new Map((await repo.definitionsOfUnit(tx, unit)).map((d) => [d.id, d]));
  const given = new Set<number>();
  const values: CheckedDocument['values'] = [];
  for (const [i, v] of body.attributeValues.entries()) {
    const def = definitions.get(v.attributeDefinitionId);
    if (!def || given.has(def.id)) {
      throw fieldError(OBJECT, `attributeValues.${i}.attributeDefinitionId`, DocumentErrorKeys.attributeDefinitionInvalid, {
        id: v.attributeDefinitionId,
      });
    }
    given.add(def.id);
    if (def.unique && (await repo.uniqueValueTaken(tx, def.id, v.value, before?.id))) {
      throw fieldError(OBJECT, `attributeValues.${i}.value`, K.attributeValueExists, { attribute: def.name, value: v.value });
    }
    values.push({ attributeDefinitionId: def.id, value: v.value, isUnique: def.unique });
  }
  const missing = [...definitions.values()].find((d) => d.mandatory && d.isActive && !given.has(d.id));
  if (missing)
    throw fieldError(OBJECT, 'attributeValues', K.attributeValueRequired, { attribute: missing.name, attributeDefinitionId: missing.id });

  const groupIds = sortedUnique(body.productGroupIds);
  const foundGroups = new Set(await repo.unitGroupIds(tx, unit, groupIds));
  const otherGroups = groupIds.filter((id) => !foundGroups.has(id));
  if (otherGroups.length > 0)
    throw fieldError(OBJECT, 'productGroupIds', NESTED_ID_NOT_FOUND, { entity: 'productGroup', ids: otherGroups }, 'NotFound');
  const productIds = sortedUnique(body.productIds);
  const foundProducts = new Set(await repo.unitProductIds(tx, unit, productIds));
  const otherProducts = productIds.filter((id) => !foundProducts.has(id));
  if (otherProducts.length > 0)
    throw fieldError(OBJECT, 'productIds', NESTED_ID_NOT_FOUND, { entity: 'product', ids: otherProducts }, 'NotFound');
  return { values, groupIds, productIds };
}

/** Runs a change; a racing duplicate number or unique value answers its key, not a 500. */
async function inTransaction<T>(deps: Pick<Deps, 'db'>, body: Omit<CreateBody, 'id'>, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(fn);
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    if (constraint === 'document_unit_number_uq') throw fieldError(OBJECT, 'number', K.numberExists, { number: body.number });
    if (constraint === 'document_attribute_value_unique_uq') throw await racedValue(deps.db, body);
    if (constraint !== undefined) throw conflict();
    throw err;
  }
}

/** The error of a unique value another document took concurrently: found again now that the winner has committed. */
async function racedValue(db: DbOrTx, body: Omit<CreateBody, 'id'>): Promise<AppError> {
  const definitions = new Map((await repo.definitionsOfUnit(db, body.businessUnitId)).map((d) => [d.id, d]));
  for (const [i, v] of body.attributeValues.entries()) {
    const def = definitions.get(v.attributeDefinitionId);
    if (def?.unique && (await repo.uniqueValueTaken(db, def.id, v.value, 'id' in body ? (body.id as number) : undefined))) {
      return fieldError(OBJECT, `attributeValues.${i}.value`, K.attributeValueExists, { attribute: def.name, value: v.value });
    }
  }
  return conflict();
}

const stateFrom = (row: repo.DocumentRow, checked: CheckedDocument): DocumentState => ({
  number: row.number,
  name: row.name,
  documentTypeId: row.documentTypeId,
  attributeValues: Object.fromEntries(checked.values.map((v) => [String(v.attributeDefinitionId), v.value])),
  productGroupIds: checked.groupIds,
  productIds: checked.productIds,
});

export async function createDocument(deps: Pick<Deps, 'db'>, actor: Actor, body: CreateBody): Promise<Document> {
  if (body.id !== undefined && body.id !== null) throw fieldError(OBJECT, 'id', ErrorKeys.idExists, { entity: ENTITY });
  const id = await inTransaction(deps, body, async (tx) => {
    // documents belong to a real business unit, never to the global scope
    if (body.businessUnitId === 0 || !(await businessUnitExists(tx, body.businessUnitId))) {
      throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
    }
    const checked = await checkDocument(tx, body.businessUnitId, body);
    const row = await repo.insertDocument(tx, {
      businessUnitId: body.businessUnitId,
      number: body.number,
      name: body.name,
      documentTypeId: body.documentTypeId,
    });
    await repo.replaceValues(tx, row.id, checked.values);
    await repo.replaceGroups(tx, row.id, checked.groupIds);
    await repo.replaceProducts(tx, row.id, checked.productIds);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: row.number,
      action: 'CREATE',
      businessUnitId: row.businessUnitId,
      changes: stateFrom(row, checked),
    });
    return row.id;
  });
  return getDocument(deps, id);
}

/** Updates a document; its business unit cannot change and a stale version answers 409. */
export async function updateDocument(deps: Pick<Deps, 'db'>, actor: Actor, body: UpdateBody, pathId?: number): Promise<Document> {
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  await inTransaction(deps, body, async (tx) => {
    const row = await repo.findDocument(tx, body.id, true);
    if (!row) throw notFound(ENTITY);
    if (body.version !== row.version) throw conflict();
    if (body.businessUnitId !== row.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
    const before = await stateOf(tx, row);
    const checked = await checkDocument(tx, row.businessUnitId, body, row);
    const updated = await repo.updateDocument(tx, row.id, row.version, {
      number: body.number,
      name: body.name,
      documentTypeId: body.documentTypeId,
    });
    if (!updated) throw conflict();
    await repo.replaceValues(tx, row.id, checked.values);
    await repo.replaceGroups(tx, row.id, checked.groupIds);
    await repo.replaceProducts(tx, row.id, checked.productIds);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: updated.number,
      action: 'UPDATE',
      businessUnitId: row.businessUnitId,
      changes: diff({ ...before }, { ...stateFrom(updated, checked) }),
    });
  });
  return getDocument(deps, body.id);
}

/** What a delete of a document did instead, when a version of it was public and is still retained (decision 0070). */
export interface RetainedDocument {
  archiveDate: string;
  /** The last day it is kept (ISO date); null: indefinitely. */
  retainedUntil: string | null;
}

/**
 * Deletes a document none of whose files has a published or scheduled version (EU 2021/2226:
 * earlier versions stay available; such files are archived instead). Its files, versions and
 * links go with it; their binaries are removed from storage once the delete has committed.
 * A document a publication ever held a version of is kept while that retention runs (decision
 * 0070): its files are archived instead and the answer says until when (`retained`).
 * The batch delete for one id (decision 0088).
 */
export async function deleteDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  actor: Actor,
  id: number,
): Promise<{ document: repo.DocumentRow; retained?: RetainedDocument }> {
  const { outcome, keys } = await deps.db.transaction(async (tx) => {
    const done = await deleteDocumentRows(tx, actor, [id]);
    const [first] = done.outcomes;
    if (first instanceof AppError) throw first;
    return { outcome: first as DeletedDocument, keys: done.keys };
  });
  for (const key of keys) await deps.files.delete(key).catch(() => {});
  return outcome;
}

/** What a delete did to one document: deleted, or kept and its files archived (`retained`). */
export type DeletedDocument = { document: repo.DocumentRow; retained?: RetainedDocument };

/**
 * Deletes documents of one unit as a bulk import's REPLACE does (decision 0088), by deleteDocument's
 * rules (the same code), inside the caller's transaction: answers per id what was done or the
 * AppError that refuses it (no such document or one of another unit: `notFound`; a published file
 * without retention: `hasPublishedFiles`), and the storage keys of the deleted binaries, which the
 * caller removes once its transaction has committed.
 */
export async function deleteDocumentsOfUnit(
  tx: DbOrTx,
  actor: Actor,
  businessUnitId: number,
  ids: readonly number[],
): Promise<{ outcomes: (DeletedDocument | AppError)[]; keys: string[] }> {
  return deleteDocumentRows(tx, actor, ids, businessUnitId);
}

/**
 * The one copy of a document's delete, for one id or many (decision 0088): the rows locked; each
 * document's retention (decision 0070) read for all at once: a retained one keeps its row and its
 * files not yet archived are archived (an ARCHIVE audit row each); one never public with a
 * published or scheduled version is refused; the others have their state read, their binaries'
 * keys collected and are deleted by one statement, with a DELETE audit row each. All the audit rows
 * with one statement, in the order one delete after another writes them.
 */
async function deleteDocumentRows(
  tx: DbOrTx,
  actor: Actor,
  ids: readonly number[],
  businessUnitId?: number,
): Promise<{ outcomes: (DeletedDocument | AppError)[]; keys: string[] }> {
  const found = new Map((await repo.findDocuments(tx, ids, true)).map((r) => [r.id, r]));
  const outcomes: (DeletedDocument | AppError)[] = new Array(ids.length);
  const rows: { i: number; row: repo.DocumentRow }[] = [];
  for (const [i, id] of ids.entries()) {
    const row = found.get(id);
    // another unit's document is not the unit's to delete; an id given twice is gone the second time
    if (!row || (businessUnitId !== undefined && row.businessUnitId !== businessUnitId)) outcomes[i] = notFound(ENTITY);
    else {
      found.delete(id);
      rows.push({ i, row });
    }
  }
  const retention = await retentionOfDocuments(
    tx,
    rows.map(({ row }) => row.id),
  );
  const retained = rows.filter(({ row }) => retention.get(row.id)?.retained);
  const notRetained = rows.filter(({ row }) => !retention.get(row.id)?.retained);
  const published = await repo.documentsWithPublishedVersion(
    tx,
    notRetained.filter(({ row }) => !retention.get(row.id)?.public).map(({ row }) => row.id),
  );
  const doomed = notRetained.filter(({ row }) => !published.has(row.id));
  for (const { i, row } of notRetained) {
    if (published.has(row.id)) outcomes[i] = new AppError(K.hasPublishedFiles, 400, { number: row.number });
  }
  const at = new Date();
  const archived = await repo.archiveFilesOfDocuments(
    tx,
    retained.map(({ row }) => row.id),
    at,
  );
  const doomedIds = doomed.map(({ row }) => row.id);
  const links = await repo.linksOfDocuments(tx, doomedIds);
  const keys = await repo.binaryKeysOfDocuments(tx, doomedIds);
  await repo.deleteDocuments(tx, doomedIds);
  const entries: { i: number; entry: AuditEntry }[] = [];
  for (const { i, row } of retained) {
    const until = retention.get(row.id)?.until ?? null;
    outcomes[i] = { document: row, retained: { archiveDate: at.toISOString(), retainedUntil: until } };
    for (const f of archived.filter((a) => a.documentId === row.id)) {
      entries.push({
        i,
        entry: {
          entityName: 'file',
          entityId: f.id,
          entityLabel: f.name,
          action: 'ARCHIVE',
          businessUnitId: row.businessUnitId,
          changes: { archiveDate: { from: null, to: at.toISOString() }, deleteRefused: { documentId: row.id, retainedUntil: until } },
        },
      });
    }
  }
  for (const { i, row } of doomed) {
    outcomes[i] = { document: row };
    const state: DocumentState = {
      number: row.number,
      name: row.name,
      documentTypeId: row.documentTypeId,
      attributeValues: Object.fromEntries((links.values.get(row.id) ?? []).map((v) => [String(v.attributeDefinitionId), v.value])),
      productGroupIds: links.groups.get(row.id) ?? [],
      productIds: links.products.get(row.id) ?? [],
    };
    entries.push({
      i,
      entry: {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.number,
        action: 'DELETE',
        businessUnitId: row.businessUnitId,
        changes: { ...state },
      },
    });
  }
  await auditMany(
    tx,
    actor,
    entries.sort((a, b) => a.i - b.i).map((e) => e.entry),
  );
  return { outcomes, keys };
}

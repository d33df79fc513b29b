import {
  type AccessRight,
  type AttributeDefinition,
  type AttributeDefinitionInput,
  CatalogueErrorKeys,
  ErrorKeys,
  GLOBAL_BUSINESS_UNIT_ID,
  isSearchable,
  MAX_LOT_NUMBER_ATTRIBUTES,
  MAX_STRING_ATTRIBUTES,
  type ProductType,
  type productTypeCreateBody,
  type productTypeListQuery,
  type productTypeUpdateBody,
  type SearchType,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type AuthContext, registerEntityUnit, requireRight } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { type CheckedImage, imageVersion, replaceImage } from '../../platform/images.js';
import { registerUnitContentCounter } from '../business-units/business-unit-statistics.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';
import * as repo from './product-types.repo.js';

type CreateBody = z.output<typeof productTypeCreateBody>;
type UpdateBody = z.output<typeof productTypeUpdateBody>;
type ListQuery = z.output<typeof productTypeListQuery>;
type ProductTypeRow = repo.ProductTypeRow;
type DefinitionRow = repo.DefinitionRow;

/** Audit entity names. */
const ENTITY = 'product-type';
const DEFINITION_ENTITY = 'attribute-definition';
/** Field errors name this object. */
const OBJECT = 'productType';

registerEntityUnit('productType', async (db, id) => (await repo.findProductType(db, id))?.businessUnitId);
registerEntityUnit('attributeDefinition', (db, id) => repo.unitOfDefinition(db, id));
registerUnitContentCounter(async (db, businessUnitId) => ({ productTypes: await repo.countUnitProductTypes(db, businessUnitId) }));

/** Reading product types (list, get, name, definitions): any of these in the type's business unit. */
export const READ_RIGHTS: AccessRight[] = ['PRODUCT_READ', 'PRODUCT_MANAGE', 'PRODUCT_TYPE_MANAGE'];

/**
 * 403 unless the user may read the product types of the business unit. The global types (unit 0)
 * are also readable by anyone managing product types in some unit: they copy them from there.
 */
export function requireReadIn(auth: AuthContext, businessUnitId: number): void {
  if (READ_RIGHTS.some((r) => auth.rights.has(r, businessUnitId))) return;
  if (businessUnitId === GLOBAL_BUSINESS_UNIT_ID && auth.rights.hasAnywhere('PRODUCT_TYPE_MANAGE')) return;
  throw forbidden();
}

/** What a delete removes, as audit changes (every field to null). */
const removed = (view: Record<string, unknown>) => Object.fromEntries(Object.entries(view).map(([k, v]) => [k, { from: v, to: null }]));

const keyError = (key: string, field: string, params?: Record<string, unknown>) =>
  new AppError(key, 400, params, [{ objectName: OBJECT, field, message: key }]);

// ---------------------------------------------------------------------------------------------
// views

const imageUrl = (path: string, key: string | null) => (key ? `${path}${path.includes('?') ? '&' : '?'}v=${imageVersion(key)}` : null);

function toDefinition(row: DefinitionRow): AttributeDefinition {
  return {
    id: row.id,
    productTypeId: row.productTypeId,
    name: row.name,
    slug: row.slug,
    type: row.type as AttributeDefinition['type'],
    isUnique: row.isUnique,
    isMandatory: row.isMandatory,
    isMandatoryHcpSearch: row.isMandatoryHcpSearch,
    isMandatoryPatientSearch: row.isMandatoryPatientSearch,
    pinned: row.pinned,
    isActive: row.isActive,
    searchTypeHCP: row.searchTypeHcp as SearchType,
    searchTypePatient: row.searchTypePatient as SearchType,
    meta: row.meta,
    visualizationOrder: row.visualizationOrder,
  };
}

function toProductType(row: ProductTypeRow, defs: DefinitionRow[], counts = { products: 0, productGroups: 0 }): ProductType {
  const base = `/api/product-types/${row.id}`;
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    slug: row.slug,
    name: row.name,
    status: row.status as ProductType['status'],
    keyCodeSearchTypeHCP: row.keyCodeSearchTypeHcp as SearchType,
    keyCodeSearchTypePatient: row.keyCodeSearchTypePatient as SearchType,
    keyCodeLabelHCP: row.keyCodeLabelHcp,
    keyCodeLabelPatient: row.keyCodeLabelPatient,
    searchVisualisationHCP: row.searchVisualisationHcp as ProductType['searchVisualisationHCP'],
    searchVisualisationPatient: row.searchVisualisationPatient as ProductType['searchVisualisationPatient'],
    crossFieldByAttributeSetting: row.crossFieldByAttributeSetting,
    lotNumbers: row.lotNumbers,
    active: row.status === 'ENABLED',
    imageUrl: imageUrl(`${base}/image`, row.imageKey),
    heroImageHcpUrl: imageUrl(`${base}/heroImage?patient=false`, row.heroImageHcpKey),
    heroImagePatientUrl: imageUrl(`${base}/heroImage?patient=true`, row.heroImagePatientKey),
    copiedFromId: row.copiedFromId,
    attributeDefinitions: defs.filter((d) => d.productTypeId === row.id).map(toDefinition),
    products: counts.products,
    productGroups: counts.productGroups,
    version: row.version,
  };
}

async function withDetails(db: DbOrTx, rows: ProductTypeRow[]): Promise<ProductType[]> {
  const ids = rows.map((r) => r.id);
  const defs = await repo.definitionsOf(db, ids);
  const counts = await repo.contentCountsOf(db, ids);
  return rows.map((r) => toProductType(r, defs, counts.get(r.id)));
}

/** What the audit log records of a type: its editable fields and its definitions, without URLs and counts. */
function auditView(row: ProductTypeRow, defs: DefinitionRow[]) {
  const {
    imageUrl: _i,
    heroImageHcpUrl: _h,
    heroImagePatientUrl: _p,
    products: _n,
    productGroups: _g,
    id: _id,
    version: _v,
    ...fields
  } = toProductType(row, defs);
  return { ...fields, attributeDefinitions: fields.attributeDefinitions.map(({ productTypeId: _t, ...d }) => d) };
}

// ---------------------------------------------------------------------------------------------
// reading

async function load(db: DbOrTx, id: number, forUpdate = false): Promise<ProductTypeRow> {
  const row = await repo.findProductType(db, id, forUpdate);
  if (!row) throw notFound(OBJECT);
  return row;
}

export async function listProductTypes(deps: Deps, auth: AuthContext, q: ListQuery): Promise<ProductType[]> {
  const unitId = q['business-unit'];
  requireReadIn(auth, unitId);
  return withDetails(deps.db, await repo.listProductTypes(deps.db, unitId, q.search || undefined));
}

export async function getProductType(deps: Deps, auth: AuthContext, id: number): Promise<ProductType> {
  const row = await load(deps.db, id);
  requireReadIn(auth, row.businessUnitId);
  return (await withDetails(deps.db, [row]))[0];
}

export async function getProductTypeName(deps: Deps, auth: AuthContext, id: number) {
  const row = await load(deps.db, id);
  requireReadIn(auth, row.businessUnitId);
  return { id: row.id, name: row.name, businessUnitId: row.businessUnitId };
}

export async function listDefinitions(deps: Deps, auth: AuthContext, productTypeId: number): Promise<AttributeDefinition[]> {
  const row = await load(deps.db, productTypeId);
  requireReadIn(auth, row.businessUnitId);
  return (await repo.definitionsOf(deps.db, [row.id])).map(toDefinition);
}

// ---------------------------------------------------------------------------------------------
// rules

/** The settings of a type the rules look at. */
interface TypeState {
  keyCodeSearchTypeHcp: string;
  keyCodeSearchTypePatient: string;
  lotNumbers: boolean;
}

/** A definition as it will be stored: `index` is its place in the body (none when the body leaves it out). */
interface DefinitionState {
  id: number | null;
  index?: number;
  name: string;
  slug: string;
  type: string;
  isActive: boolean;
  searchTypeHcp: string;
  searchTypePatient: string;
  isMandatoryPatientSearch: boolean;
}

const defField = (d: DefinitionState, field: string) =>
  d.index === undefined ? 'attributeDefinitions' : `attributeDefinitions.${d.index}.${field}`;

async function patientPortalOn(db: DbOrTx): Promise<boolean> {
  return (await findManufacturer(db))?.patientBusinessUnitSearch ?? false;
}

/** The column values of a definition of the body. */
function definitionValues(d: AttributeDefinitionInput): repo.DefinitionValues {
  return {
    name: d.name,
    slug: d.slug,
    type: d.type,
    isUnique: d.isUnique,
    isMandatory: d.isMandatory,
    isMandatoryHcpSearch: d.isMandatoryHcpSearch,
    isMandatoryPatientSearch: d.isMandatoryPatientSearch,
    pinned: d.pinned,
    isActive: d.isActive,
    searchTypeHcp: d.searchTypeHCP,
    searchTypePatient: d.searchTypePatient,
    meta: d.meta,
    visualizationOrder: d.visualizationOrder,
  };
}

const stateOfRow = (row: DefinitionRow): DefinitionState => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  type: row.type,
  isActive: row.isActive,
  searchTypeHcp: row.searchTypeHcp,
  searchTypePatient: row.searchTypePatient,
  isMandatoryPatientSearch: row.isMandatoryPatientSearch,
});

const stateOfInput = (d: AttributeDefinitionInput, index: number): DefinitionState => ({
  id: d.id,
  index,
  name: d.name,
  slug: d.slug,
  type: d.type,
  isActive: d.isActive,
  searchTypeHcp: d.searchTypeHCP,
  searchTypePatient: d.searchTypePatient,
  isMandatoryPatientSearch: d.isMandatoryPatientSearch,
});

/**
 * The definitions after a create or update: those of the body (updating the stored ones they name
 * by id, which must be of this type) plus the stored ones the body leaves out. Type and isUnique of
 * a stored definition never change.
 */
function mergeDefinitions(inputs: AttributeDefinitionInput[], stored: DefinitionRow[]): DefinitionState[] {
  const byId = new Map(stored.map((d) => [d.id, d]));
  const listed = new Set<number>();
  const out: DefinitionState[] = [];
  inputs.forEach((d, i) => {
    if (d.id !== null) {
      const before = byId.get(d.id);
      if (!before || listed.has(d.id)) {
        throw keyError(CatalogueErrorKeys.attributeDefinitionInvalid, `attributeDefinitions.${i}.id`, { attributeDefinitionId: d.id });
      }
      listed.add(d.id);
      if (before.type !== d.type) throw keyError(CatalogueErrorKeys.attributeTypeCannotChange, `attributeDefinitions.${i}.type`);
      if (before.isUnique !== d.isUnique)
        throw keyError(CatalogueErrorKeys.attributeUniqueCannotChange, `attributeDefinitions.${i}.isUnique`);
    }
    out.push(stateOfInput(d, i));
  });
  for (const d of stored) if (!listed.has(d.id)) out.push(stateOfRow(d));
  return out;
}

/** Names (regardless of case) and slugs are unique within the type; at most 1 lot-number and 6 string attributes. */
function checkDefinitionSet(defs: DefinitionState[]): void {
  const names = new Set<string>();
  const slugs = new Set<string>();
  // listed ones first, so that the error points at a field of the form
  const ordered = [...defs].sort((a, b) => (a.index ?? Number.MAX_SAFE_INTEGER) - (b.index ?? Number.MAX_SAFE_INTEGER)).reverse();
  for (const d of ordered) {
    const name = d.name.toLowerCase();
    if (names.has(name)) throw keyError(CatalogueErrorKeys.attributeNameExists, defField(d, 'name'), { name: d.name });
    names.add(name);
    if (slugs.has(d.slug)) throw keyError(CatalogueErrorKeys.attributeSlugExists, defField(d, 'slug'), { slug: d.slug });
    slugs.add(d.slug);
  }
  if (defs.filter((d) => d.type === 'MULTI_ARRAY').length > MAX_LOT_NUMBER_ATTRIBUTES) {
    throw keyError(CatalogueErrorKeys.tooManyLotNumberAttributes, 'attributeDefinitions', { max: MAX_LOT_NUMBER_ATTRIBUTES });
  }
  if (defs.filter((d) => d.type === 'STRING').length > MAX_STRING_ATTRIBUTES) {
    throw keyError(CatalogueErrorKeys.tooManyStringAttributes, 'attributeDefinitions', { max: MAX_STRING_ATTRIBUTES });
  }
}

/** A new lot-number (MULTI_ARRAY) attribute needs the lot-numbers switch; an existing one is kept while it is off. */
function checkLotNumbers(type: TypeState, defs: DefinitionState[]): void {
  const added = defs.find((d) => d.id === null && d.type === 'MULTI_ARRAY');
  if (added && !type.lotNumbers) throw keyError(CatalogueErrorKeys.lotNumbersDisabled, defField(added, 'type'));
}

/**
 * While the patient portal is off, nothing may start showing to patients: the key-code patient
 * search, an attribute's patient search or its mandatory patient search. What is already stored
 * stays (a type set up while the portal was on can still be edited).
 */
function checkPatientPortal(
  portalOn: boolean,
  type: TypeState,
  defs: DefinitionState[],
  before?: { type: TypeState; defs: Map<number, DefinitionRow> },
): void {
  if (portalOn) return;
  if (type.keyCodeSearchTypePatient !== 'NOT_VISIBLE' && type.keyCodeSearchTypePatient !== before?.type.keyCodeSearchTypePatient) {
    throw keyError(CatalogueErrorKeys.patientKeyCodeSearchDisabled, 'keyCodeSearchTypePatient');
  }
  for (const d of defs) {
    if (d.index === undefined) continue;
    const stored = d.id === null ? undefined : before?.defs.get(d.id);
    if (d.searchTypePatient !== 'NOT_VISIBLE' && d.searchTypePatient !== stored?.searchTypePatient) {
      throw keyError(CatalogueErrorKeys.patientAttributeSearchDisabled, defField(d, 'searchTypePatient'));
    }
    if (d.isMandatoryPatientSearch && !stored?.isMandatoryPatientSearch) {
      throw keyError(CatalogueErrorKeys.patientAttributeSearchDisabled, defField(d, 'isMandatoryPatientSearch'));
    }
  }
}

/**
 * Every active audience needs a searchable key code or a searchable active attribute. HCP is always
 * active; PATIENT is active when the patient portal is on and the type shows anything to patients.
 * The lot-number attribute only counts while the lot-numbers switch is on.
 */
function checkAudiences(portalOn: boolean, type: TypeState, defs: DefinitionState[]): void {
  const active = defs.filter((d) => d.isActive && (d.type !== 'MULTI_ARRAY' || type.lotNumbers));
  const searchable = (t: string) => isSearchable(t as SearchType);
  if (!searchable(type.keyCodeSearchTypeHcp) && !active.some((d) => searchable(d.searchTypeHcp))) {
    throw new AppError(CatalogueErrorKeys.noSearchableAttributes, 400, { audience: 'HCP' });
  }
  const showsPatients = type.keyCodeSearchTypePatient !== 'NOT_VISIBLE' || active.some((d) => d.searchTypePatient !== 'NOT_VISIBLE');
  if (portalOn && showsPatients && !searchable(type.keyCodeSearchTypePatient) && !active.some((d) => searchable(d.searchTypePatient))) {
    throw new AppError(CatalogueErrorKeys.noSearchableAttributes, 400, { audience: 'PATIENT' });
  }
}

/** Name (regardless of case) and slug are unique within the business unit. */
async function checkNameAndSlug(tx: DbOrTx, businessUnitId: number, name: string, slug: string, exceptId?: number): Promise<void> {
  if (await repo.nameTaken(tx, businessUnitId, name, exceptId)) throw keyError(CatalogueErrorKeys.productTypeNameExists, 'name', { name });
  if (await repo.slugTaken(tx, businessUnitId, slug, exceptId)) throw keyError(CatalogueErrorKeys.productTypeSlugExists, 'slug', { slug });
}

const UNIQUE_CONSTRAINTS: Record<string, { key: string; field: string }> = {
  product_type_unit_name_uq: { key: CatalogueErrorKeys.productTypeNameExists, field: 'name' },
  product_type_unit_slug_uq: { key: CatalogueErrorKeys.productTypeSlugExists, field: 'slug' },
  attribute_definition_type_name_uq: { key: CatalogueErrorKeys.attributeNameExists, field: 'attributeDefinitions' },
  attribute_definition_type_slug_uq: { key: CatalogueErrorKeys.attributeSlugExists, field: 'attributeDefinitions' },
};

/** A racing insert that hits a unique index answers the same key as the service's own check. */
async function mappingUniqueViolations<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
    const code = e?.code ?? e?.cause?.code;
    const constraint = String(e?.constraint ?? e?.cause?.constraint ?? '');
    const known = UNIQUE_CONSTRAINTS[constraint];
    if (code === '23505' && known) throw keyError(known.key, known.field);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// create, update, delete

const typeValues = (body: Omit<CreateBody, 'id' | 'attributeDefinitions'>): repo.ProductTypeValues => ({
  businessUnitId: body.businessUnitId,
  name: body.name,
  slug: body.slug,
  status: body.status,
  keyCodeSearchTypeHcp: body.keyCodeSearchTypeHCP,
  keyCodeSearchTypePatient: body.keyCodeSearchTypePatient,
  keyCodeLabelHcp: body.keyCodeLabelHCP || null,
  keyCodeLabelPatient: body.keyCodeLabelPatient || null,
  searchVisualisationHcp: body.searchVisualisationHCP,
  searchVisualisationPatient: body.searchVisualisationPatient,
  crossFieldByAttributeSetting: body.crossFieldByAttributeSetting,
  lotNumbers: body.lotNumbers,
});

/** Changing the lot-numbers switch or the status needs PRODUCT_TYPE_SPECIAL in the type's unit. */
function requireSpecialFor(auth: AuthContext, unitId: number, changes: { lotNumbers: boolean; status: boolean }): void {
  if (changes.lotNumbers || changes.status) requireRight(auth, 'PRODUCT_TYPE_SPECIAL', unitId);
}

export async function createProductType(deps: Deps, auth: AuthContext, body: CreateBody): Promise<ProductType> {
  const { id: _id, attributeDefinitions: inputs, ...fields } = body;
  const values = typeValues(fields);
  requireSpecialFor(auth, values.businessUnitId, { lotNumbers: values.lotNumbers !== false, status: values.status !== 'ENABLED' });
  const id = await mappingUniqueViolations(() =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.businessUnitExists(tx, values.businessUnitId))) throw notFound('businessUnit');
      const portalOn = await patientPortalOn(tx);
      const type = values as TypeState;
      const defs = mergeDefinitions(inputs, []);
      checkDefinitionSet(defs);
      checkLotNumbers(type, defs);
      checkPatientPortal(portalOn, type, defs);
      checkAudiences(portalOn, type, defs);
      await checkNameAndSlug(tx, values.businessUnitId, values.name, values.slug);
      const row = await repo.insertProductType(tx, values);
      const created = await repo.insertDefinitions(tx, row.id, inputs.map(definitionValues));
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: row.id,
        businessUnitId: row.businessUnitId,
        action: 'CREATE',
        changes: diff({}, auditView(row, created)),
      });
      return row.id;
    }),
  );
  return (await withDetails(deps.db, [await load(deps.db, id)]))[0];
}

/**
 * Writes the definitions of the body: stored ones named by id are updated (in two steps when names
 * or slugs move, so that two definitions can swap them), the others are added.
 */
async function writeDefinitions(tx: DbOrTx, typeId: number, inputs: AttributeDefinitionInput[], stored: DefinitionRow[]): Promise<void> {
  const byId = new Map(stored.map((d) => [d.id, d]));
  const updates = inputs.filter((d) => d.id !== null);
  const renamed = updates.filter((d) => {
    const before = byId.get(d.id as number)!;
    return before.name.toLowerCase() !== d.name.toLowerCase() || before.slug !== d.slug;
  });
  for (const d of renamed) {
    await repo.updateDefinition(tx, typeId, d.id as number, { name: `~renaming-${d.id}`, slug: `~renaming-${d.id}` });
  }
  for (const d of updates) await repo.updateDefinition(tx, typeId, d.id as number, definitionValues(d));
  await repo.insertDefinitions(tx, typeId, inputs.filter((d) => d.id === null).map(definitionValues));
}

export async function updateProductType(deps: Deps, auth: AuthContext, body: UpdateBody, pathId?: number): Promise<ProductType> {
  if (pathId !== undefined && pathId !== body.id) throw keyError(ErrorKeys.idMismatch, 'id');
  const { id, version, attributeDefinitions: inputs, ...fields } = body;
  const values = typeValues(fields);
  await mappingUniqueViolations(() =>
    deps.db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      if (values.businessUnitId !== before.businessUnitId) throw fieldError(OBJECT, 'businessUnitId', 'CannotChange');
      if (before.version !== version) throw conflict();
      requireSpecialFor(auth, before.businessUnitId, {
        lotNumbers: values.lotNumbers !== before.lotNumbers,
        status: values.status !== before.status,
      });
      const stored = await repo.definitionsOf(tx, [id]);
      const portalOn = await patientPortalOn(tx);
      const type = values as TypeState;
      const defs = mergeDefinitions(inputs, stored);
      checkDefinitionSet(defs);
      checkLotNumbers(type, defs);
      checkPatientPortal(portalOn, type, defs, { type: before, defs: new Map(stored.map((d) => [d.id, d])) });
      checkAudiences(portalOn, type, defs);
      await checkNameAndSlug(tx, before.businessUnitId, values.name, values.slug, id);
      const after = await repo.updateProductType(tx, id, version, values);
      if (!after) throw conflict();
      await writeDefinitions(tx, id, inputs, stored);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: id,
        businessUnitId: before.businessUnitId,
        action: 'UPDATE',
        changes: diff(auditView(before, stored), auditView(after, await repo.definitionsOf(tx, [id]))),
      });
    }),
  );
  return (await withDetails(deps.db, [await load(deps.db, id)]))[0];
}

const imageKeysOf = (row: ProductTypeRow) => [row.imageKey, row.heroImageHcpKey, row.heroImagePatientKey].filter((k): k is string => !!k);

/** Deletes an empty product type (no products, product groups or lot ranges) with its attribute definitions. */
export async function removeProductType(deps: Deps, actor: Actor, id: number): Promise<ProductTypeRow> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    const counts = (await repo.contentCountsOf(tx, [id])).get(id)!;
    const lotRanges = await repo.lotRangeCount(tx, id);
    if (counts.products + counts.productGroups + lotRanges > 0) {
      throw new AppError(CatalogueErrorKeys.productTypeNotEmpty, 400, { ...counts, lotRanges });
    }
    const defs = await repo.definitionsOf(tx, [id]);
    await repo.deleteProductType(tx, id);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      businessUnitId: before.businessUnitId,
      action: 'DELETE',
      changes: removed(auditView(before, defs)),
    });
    return before;
  });
  for (const key of imageKeysOf(row)) await deps.files.delete(key).catch(() => {});
  return row;
}

/**
 * Deletes one attribute definition: refused while products hold values for it, or, for the
 * lot-number attribute, while the type has lot ranges; the type must still meet the audience rule.
 */
export async function removeDefinition(
  deps: Deps,
  actor: Actor,
  definitionId: number,
): Promise<{ definition: DefinitionRow; type: ProductTypeRow }> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.findDefinition(tx, definitionId);
    if (!found) throw notFound('attributeDefinition');
    const type = await load(tx, found.productTypeId, true);
    // read again under the type's lock
    const definition = await repo.findDefinition(tx, definitionId);
    if (!definition) throw notFound('attributeDefinition');
    if (await repo.definitionHasValues(tx, definitionId)) {
      throw new AppError(CatalogueErrorKeys.attributeDefinitionInUse, 400, { attributeDefinitionId: definitionId, name: definition.name });
    }
    if (definition.type === 'MULTI_ARRAY' && (await repo.lotRangeCount(tx, type.id)) > 0) {
      throw new AppError(CatalogueErrorKeys.attributeDefinitionInUse, 400, { attributeDefinitionId: definitionId, name: definition.name });
    }
    const remaining = (await repo.definitionsOf(tx, [type.id])).filter((d) => d.id !== definitionId);
    checkAudiences(await patientPortalOn(tx), type, remaining.map(stateOfRow));
    await repo.deleteDefinition(tx, definitionId);
    const { id: _id, ...fields } = toDefinition(definition);
    await audit(tx, actor, {
      entityName: DEFINITION_ENTITY,
      entityId: definitionId,
      businessUnitId: type.businessUnitId,
      action: 'DELETE',
      changes: removed(fields),
    });
    return { definition, type };
  });
}

// ---------------------------------------------------------------------------------------------
// copy

/**
 * Copies a global product type (business unit 0) with its attribute definitions and images into a
 * business unit. The copy keeps every setting of the global type and remembers where it came from.
 */
export async function copyProductType(deps: Deps, actor: Actor, sourceId: number, businessUnitId: number): Promise<ProductType> {
  const source = await load(deps.db, sourceId);
  if (source.businessUnitId !== GLOBAL_BUSINESS_UNIT_ID || businessUnitId === GLOBAL_BUSINESS_UNIT_ID) {
    throw new AppError(CatalogueErrorKeys.productTypeNotGlobal, 400, { id: sourceId });
  }
  const sourceDefs = await repo.definitionsOf(deps.db, [sourceId]);
  // the images are copied first; when the copy fails, they are removed again
  const copies: string[] = [];
  const copyImage = async (key: string | null, name: string) => {
    if (!key) return null;
    const data = await deps.files.get(key);
    if (!data) return null;
    const copy = await deps.files.put(`product-types/copies/${name}`, data, key.slice(key.lastIndexOf('.') + 1));
    copies.push(copy);
    return copy;
  };
  try {
    const images = {
      imageKey: await copyImage(source.imageKey, 'image'),
      heroImageHcpKey: await copyImage(source.heroImageHcpKey, 'hero-hcp'),
      heroImagePatientKey: await copyImage(source.heroImagePatientKey, 'hero-patient'),
    };
    const id = await mappingUniqueViolations(() =>
      deps.db.transaction(async (tx) => {
        if (!(await repo.businessUnitExists(tx, businessUnitId))) throw notFound('businessUnit');
        const portalOn = await patientPortalOn(tx);
        const defs = sourceDefs.map(stateOfRow);
        checkPatientPortal(
          portalOn,
          source,
          defs.map((d, index) => ({ ...d, id: null, index })),
        );
        if (images.heroImagePatientKey && !portalOn) throw keyError(CatalogueErrorKeys.patientToggleDisabled, 'heroImagePatient');
        checkAudiences(portalOn, source, defs);
        await checkNameAndSlug(tx, businessUnitId, source.name, source.slug);
        const {
          id: _id,
          version: _v,
          createdDate: _c,
          businessUnitId: _u,
          copiedFromId: _f,
          imageKey: _i,
          heroImageHcpKey: _h,
          heroImagePatientKey: _p,
          ...settings
        } = source;
        const row = await repo.insertProductType(tx, { ...settings, ...images, businessUnitId, copiedFromId: source.id });
        const created = await repo.insertDefinitions(
          tx,
          row.id,
          sourceDefs.map(({ id: _d, productTypeId: _t, ...d }) => d),
        );
        await audit(tx, actor, {
          entityName: ENTITY,
          entityId: row.id,
          businessUnitId,
          action: 'COPY',
          changes: diff({}, auditView(row, created)),
        });
        return row.id;
      }),
    );
    return (await withDetails(deps.db, [await load(deps.db, id)]))[0];
  } catch (err) {
    for (const key of copies) await deps.files.delete(key).catch(() => {});
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// images

export type ProductTypeImageKind = 'image' | 'heroHcp' | 'heroPatient';

const IMAGE_COLUMNS: Record<ProductTypeImageKind, repo.ProductTypeImageColumn> = {
  image: 'imageKey',
  heroHcp: 'heroImageHcpKey',
  heroPatient: 'heroImagePatientKey',
};
const IMAGE_PREFIX: Record<ProductTypeImageKind, string> = { image: 'image', heroHcp: 'hero-hcp', heroPatient: 'hero-patient' };
const IMAGE_AUDIT_FIELD: Record<ProductTypeImageKind, string> = {
  image: 'image',
  heroHcp: 'heroImageHcp',
  heroPatient: 'heroImagePatient',
};

export const heroKind = (patient: boolean): ProductTypeImageKind => (patient ? 'heroPatient' : 'heroHcp');

/** Checks that the type exists, and that a patient hero image may be set, before an upload is read. */
export async function requireImageTarget(deps: Deps, id: number, kind: ProductTypeImageKind): Promise<void> {
  await load(deps.db, id);
  if (kind === 'heroPatient' && !(await patientPortalOn(deps.db)))
    throw keyError(CatalogueErrorKeys.patientToggleDisabled, 'heroImagePatient');
}

export async function storeImage(
  deps: Deps,
  actor: Actor,
  id: number,
  kind: ProductTypeImageKind,
  image: CheckedImage,
): Promise<ProductType> {
  const column = IMAGE_COLUMNS[kind];
  await replaceImage(deps.files, `product-types/${id}/${IMAGE_PREFIX[kind]}`, image, (key) =>
    deps.db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      if (kind === 'heroPatient' && !(await patientPortalOn(tx)))
        throw keyError(CatalogueErrorKeys.patientToggleDisabled, 'heroImagePatient');
      await repo.setProductTypeImageKey(tx, id, column, key);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: id,
        businessUnitId: before.businessUnitId,
        action: 'IMAGE',
        changes: { [IMAGE_AUDIT_FIELD[kind]]: { from: before[column] ? 'image' : null, to: image.contentType } },
      });
      return before[column];
    }),
  );
  return (await withDetails(deps.db, [await load(deps.db, id)]))[0];
}

export async function removeImage(deps: Deps, actor: Actor, id: number, kind: ProductTypeImageKind): Promise<ProductType> {
  const column = IMAGE_COLUMNS[kind];
  const previous = await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    if (!before[column]) throw notFound(`${OBJECT}.${IMAGE_AUDIT_FIELD[kind]}`);
    await repo.setProductTypeImageKey(tx, id, column, null);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      businessUnitId: before.businessUnitId,
      action: 'IMAGE',
      changes: { [IMAGE_AUDIT_FIELD[kind]]: { from: 'image', to: null } },
    });
    return before[column];
  });
  if (previous) await deps.files.delete(previous).catch(() => {});
  return (await withDetails(deps.db, [await load(deps.db, id)]))[0];
}

/** The storage key of an image of a type (null when none or no such type). */
export async function imageKeyOf(deps: Deps, id: number, kind: ProductTypeImageKind): Promise<string | null> {
  return (await repo.findProductType(deps.db, id))?.[IMAGE_COLUMNS[kind]] ?? null;
}

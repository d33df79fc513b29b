import {
  type AttributeDefinition,
  type AttributeDefinitionInput,
  CatalogueErrorKeys,
  ErrorKeys,
  type ProductType,
  type productTypeCreateBody,
  type productTypeListQuery,
  type productTypeUpdateBody,
  retentionProblems,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type AuthContext, type EntityUnitLookup, requireRight } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField, notFound } from '../../platform/errors.js';
import { forgetProductTypeUnit } from '../products/products.access.js';
import { requireGlobalTypesOn } from './global-types-gate.js';
import { requireReadIn } from './product-type-access.js';
import { imageKeysOf } from './product-type-images.service.js';
import {
  checkAudiences,
  checkNameAndSlug,
  checkProductType,
  mappingUniqueViolations,
  patientPortalOn,
  throwFirst,
} from './product-type-rules.js';
import {
  auditView,
  DEFINITION_ENTITY,
  ENTITY,
  load,
  loadDetails,
  OBJECT,
  removed,
  toDefinition,
  withDetails,
} from './product-type-views.js';
import * as repo from './product-types.repo.js';

/**
 * Product types and their attribute definitions: reading, create, update, delete. The business
 * rules are checked by product-type-rules.ts (the rules themselves live in the contract); the copy
 * of a global type and the images have their own services.
 */

type CreateBody = z.output<typeof productTypeCreateBody>;
type UpdateBody = z.output<typeof productTypeUpdateBody>;
type ListQuery = z.output<typeof productTypeListQuery>;
type ProductTypeRow = repo.ProductTypeRow;
type DefinitionRow = repo.DefinitionRow;

/** The unit of a product type, and of an attribute definition, for their routes' access rules (undefined: none). */
export const unitOfProductType: EntityUnitLookup = async (db, id) => (await repo.findProductType(db, id))?.businessUnitId;
export const unitOfAttributeDefinition: EntityUnitLookup = repo.unitOfDefinition;

// ---------------------------------------------------------------------------------------------
// reading

export async function listProductTypes(deps: Deps, auth: AuthContext, q: ListQuery): Promise<ProductType[]> {
  const unitId = q['business-unit'];
  requireReadIn(auth, unitId);
  await requireGlobalTypesOn(deps.db, unitId);
  return withDetails(deps.db, await repo.listProductTypes(deps.db, unitId, q.search || undefined));
}

export async function getProductType(deps: Deps, auth: AuthContext, id: number): Promise<ProductType> {
  const row = await load(deps.db, id);
  requireReadIn(auth, row.businessUnitId);
  await requireGlobalTypesOn(deps.db, row.businessUnitId);
  return (await withDetails(deps.db, [row]))[0];
}

export async function getProductTypeName(deps: Deps, auth: AuthContext, id: number) {
  const row = await load(deps.db, id);
  requireReadIn(auth, row.businessUnitId);
  await requireGlobalTypesOn(deps.db, row.businessUnitId);
  return { id: row.id, name: row.name, businessUnitId: row.businessUnitId };
}

export async function listDefinitions(deps: Deps, auth: AuthContext, productTypeId: number): Promise<AttributeDefinition[]> {
  const row = await load(deps.db, productTypeId);
  requireReadIn(auth, row.businessUnitId);
  await requireGlobalTypesOn(deps.db, row.businessUnitId);
  return (await repo.definitionsOf(deps.db, [row.id])).map(toDefinition);
}

// ---------------------------------------------------------------------------------------------
// create, update, delete

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
  retentionYears: body.retentionYears,
  implantable: body.implantable,
});

/** The settings of the body the rules look at. */
const ruleSettings = (body: Pick<CreateBody, 'lotNumbers' | 'keyCodeSearchTypeHCP' | 'keyCodeSearchTypePatient'>) => ({
  lotNumbers: body.lotNumbers,
  keyCodeSearchTypeHCP: body.keyCodeSearchTypeHCP,
  keyCodeSearchTypePatient: body.keyCodeSearchTypePatient,
});

/** Changing the lot-numbers switch or the status needs PRODUCT_TYPE_SPECIAL in the type's unit. */
function requireSpecialFor(auth: AuthContext, unitId: number, changes: { lotNumbers: boolean; status: boolean }): void {
  if (changes.lotNumbers || changes.status) requireRight(auth, 'PRODUCT_TYPE_SPECIAL', unitId);
}

export async function createProductType(deps: Deps, auth: AuthContext, body: CreateBody): Promise<ProductType> {
  const { id: _id, attributeDefinitions: inputs, ...fields } = body;
  const values = typeValues(fields);
  requireSpecialFor(auth, values.businessUnitId, { lotNumbers: values.lotNumbers !== false, status: values.status !== 'ENABLED' });
  throwFirst(retentionProblems(fields));
  await requireGlobalTypesOn(deps.db, values.businessUnitId);
  const id = await mappingUniqueViolations(() =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.businessUnitExists(tx, values.businessUnitId))) throw notFound('businessUnit');
      checkProductType(await patientPortalOn(tx), ruleSettings(fields), inputs, []);
      await checkNameAndSlug(tx, values.businessUnitId, values.name, values.slug);
      const row = await repo.insertProductType(tx, values);
      const created = await repo.insertDefinitions(tx, row.id, inputs.map(definitionValues));
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: row.id,
        entityLabel: row.name,
        businessUnitId: row.businessUnitId,
        action: 'CREATE',
        changes: diff({}, auditView(row, created)),
      });
      return row.id;
    }),
  );
  return loadDetails(deps.db, id);
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
  if (pathId !== undefined && pathId !== body.id) throw fieldError(OBJECT, 'id', ErrorKeys.idMismatch);
  const { id, version, attributeDefinitions: inputs, ...fields } = body;
  const values = typeValues(fields);
  throwFirst(retentionProblems(fields));
  await mappingUniqueViolations(() =>
    deps.db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      await requireGlobalTypesOn(tx, before.businessUnitId);
      if (values.businessUnitId !== before.businessUnitId) throw invalidField(OBJECT, 'businessUnitId', 'CannotChange');
      if (before.version !== version) throw conflict();
      requireSpecialFor(auth, before.businessUnitId, {
        lotNumbers: values.lotNumbers !== before.lotNumbers,
        status: values.status !== before.status,
      });
      const stored = await repo.definitionsOf(tx, [id]);
      checkProductType(await patientPortalOn(tx), ruleSettings(fields), inputs, stored, before);
      await checkNameAndSlug(tx, before.businessUnitId, values.name, values.slug, id);
      const after = await repo.updateProductType(tx, id, version, values);
      if (!after) throw conflict();
      await writeDefinitions(tx, id, inputs, stored);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: after.name,
        businessUnitId: before.businessUnitId,
        action: 'UPDATE',
        changes: diff(auditView(before, stored), auditView(after, await repo.definitionsOf(tx, [id]))),
      });
    }),
  );
  return loadDetails(deps.db, id);
}

/** Deletes an empty product type (no products, product groups or lot ranges) with its attribute definitions. */
export async function removeProductType(deps: Deps, actor: Actor, id: number): Promise<ProductTypeRow> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    await requireGlobalTypesOn(tx, before.businessUnitId);
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
      entityLabel: before.name,
      businessUnitId: before.businessUnitId,
      action: 'DELETE',
      changes: removed(auditView(before, defs)),
    });
    return before;
  });
  forgetProductTypeUnit(id);
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
    await requireGlobalTypesOn(tx, type.businessUnitId);
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
    checkAudiences(await patientPortalOn(tx), type, remaining);
    await repo.deleteDefinition(tx, definitionId);
    const { id: _id, ...fields } = toDefinition(definition);
    await audit(tx, actor, {
      entityName: DEFINITION_ENTITY,
      entityId: definitionId,
      entityLabel: definition.name,
      businessUnitId: type.businessUnitId,
      action: 'DELETE',
      changes: removed(fields),
    });
    return { definition, type };
  });
}

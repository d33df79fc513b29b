import {
  type AttributeDefinitionInput,
  type AttributeType,
  attributeLimitProblems,
  audienceProblems,
  CatalogueErrorKeys,
  duplicateDefinitionProblems,
  lotNumberProblems,
  type ProductTypeRuleProblem,
  patientHeroImageProblems,
  patientPortalProblems,
  type RuleDefinition,
  type RuleProductType,
  type SearchType,
  type StoredPatientSettings,
  storedDefinitionProblems,
} from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { findManufacturer } from '../manufacturer/manufacturer.repo.js';
import { OBJECT } from './product-type-views.js';
import * as repo from './product-types.repo.js';

/**
 * The server side of the product-type rules: the rules themselves live in the contract
 * (`product-type-rules.ts` of @vellum/contract, shared with the admin form); this module feeds
 * them the stored state and throws the first problem as a 400 with the rule's message key.
 */

type ProductTypeRow = repo.ProductTypeRow;
type DefinitionRow = repo.DefinitionRow;

/** Throws the first problem (with its field error when it names a field). */
export function throwFirst(problems: ProductTypeRuleProblem[]): void {
  const [problem] = problems;
  if (!problem) return;
  throw problem.field ? fieldError(OBJECT, problem.field, problem.key, problem.params) : new AppError(problem.key, 400, problem.params);
}

export async function patientPortalOn(db: DbOrTx): Promise<boolean> {
  return (await findManufacturer(db))?.patientBusinessUnitSearch ?? false;
}

// ---------------------------------------------------------------------------------------------
// the plain descriptions the rules look at

/** The settings of a stored type the rules look at. */
export const ruleSettingsOf = (row: Pick<ProductTypeRow, 'lotNumbers' | 'keyCodeSearchTypeHcp' | 'keyCodeSearchTypePatient'>) => ({
  lotNumbers: row.lotNumbers,
  keyCodeSearchTypeHCP: row.keyCodeSearchTypeHcp as SearchType,
  keyCodeSearchTypePatient: row.keyCodeSearchTypePatient as SearchType,
});

/** A stored definition (without index: it is not in the body). */
export const ruleDefinitionOf = (row: DefinitionRow): RuleDefinition => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  type: row.type as AttributeType,
  isUnique: row.isUnique,
  isActive: row.isActive,
  searchTypeHCP: row.searchTypeHcp as SearchType,
  searchTypePatient: row.searchTypePatient as SearchType,
  isMandatoryPatientSearch: row.isMandatoryPatientSearch,
});

const ruleDefinitionOfInput = (d: AttributeDefinitionInput, index: number): RuleDefinition => ({
  id: d.id,
  index,
  name: d.name,
  slug: d.slug,
  type: d.type,
  isUnique: d.isUnique,
  isActive: d.isActive,
  searchTypeHCP: d.searchTypeHCP,
  searchTypePatient: d.searchTypePatient,
  isMandatoryPatientSearch: d.isMandatoryPatientSearch,
});

/** What was stored of a type for patients (stored settings may stay while the patient portal is off). */
const storedPatientSettings = (row: ProductTypeRow, defs: DefinitionRow[]): StoredPatientSettings => ({
  keyCodeSearchTypePatient: row.keyCodeSearchTypePatient as SearchType,
  attributeDefinitions: defs.map((d) => ({
    id: d.id,
    searchTypePatient: d.searchTypePatient as SearchType,
    isMandatoryPatientSearch: d.isMandatoryPatientSearch,
  })),
});

/**
 * The definitions after a create or update: those of the body (updating the stored ones they name
 * by id, which must be of this type) plus the stored ones the body leaves out. Type and isUnique of
 * a stored definition never change.
 */
function mergeDefinitions(inputs: AttributeDefinitionInput[], stored: DefinitionRow[]): RuleDefinition[] {
  throwFirst(storedDefinitionProblems(inputs, stored));
  const listed = new Set(inputs.map((d) => d.id));
  return [...inputs.map(ruleDefinitionOfInput), ...stored.filter((d) => !listed.has(d.id)).map(ruleDefinitionOf)];
}

// ---------------------------------------------------------------------------------------------
// checks

/**
 * The rules of a create or an update: the definitions of the body against the stored ones, then
 * names and slugs of the definitions, the attribute limits, the lot-number attribute, the patient
 * portal and the audiences. `before` is the stored type (absent on create).
 */
export function checkProductType(
  portalOn: boolean,
  settings: Omit<RuleProductType, 'attributeDefinitions'>,
  inputs: AttributeDefinitionInput[],
  stored: DefinitionRow[],
  before?: ProductTypeRow,
): void {
  const type = { ...settings, attributeDefinitions: mergeDefinitions(inputs, stored) };
  throwFirst(duplicateDefinitionProblems(type));
  throwFirst(attributeLimitProblems(type));
  throwFirst(lotNumberProblems(type));
  throwFirst(patientPortalProblems(type, portalOn, before && storedPatientSettings(before, stored)));
  throwFirst(audienceProblems(type, portalOn));
}

/**
 * The rules of a copy of a stored type into another unit: everything it shows to patients is new
 * there, a patient hero image included, and its audiences must be searchable.
 */
export function checkCopy(portalOn: boolean, source: ProductTypeRow, defs: DefinitionRow[], patientHeroImage: boolean): void {
  const type = { ...ruleSettingsOf(source), attributeDefinitions: defs.map(ruleDefinitionOf) };
  const asNew = type.attributeDefinitions.map((d, index) => ({ ...d, id: null, index }));
  throwFirst(patientPortalProblems({ ...type, attributeDefinitions: asNew }, portalOn));
  if (patientHeroImage) throwFirst(patientHeroImageProblems(portalOn));
  throwFirst(audienceProblems(type, portalOn));
}

/** The audience rule for a stored type with these definitions (after deleting one). */
export function checkAudiences(portalOn: boolean, type: ProductTypeRow, defs: DefinitionRow[]): void {
  throwFirst(audienceProblems({ ...ruleSettingsOf(type), attributeDefinitions: defs.map(ruleDefinitionOf) }, portalOn));
}

/** A patient hero image needs the patient portal. */
export async function checkPatientHeroImage(db: DbOrTx): Promise<void> {
  throwFirst(patientHeroImageProblems(await patientPortalOn(db)));
}

/** Name (regardless of case) and slug are unique within the business unit. */
export async function checkNameAndSlug(tx: DbOrTx, businessUnitId: number, name: string, slug: string, exceptId?: number): Promise<void> {
  if (await repo.nameTaken(tx, businessUnitId, name, exceptId))
    throw fieldError(OBJECT, 'name', CatalogueErrorKeys.productTypeNameExists, { name });
  if (await repo.slugTaken(tx, businessUnitId, slug, exceptId))
    throw fieldError(OBJECT, 'slug', CatalogueErrorKeys.productTypeSlugExists, { slug });
}

const UNIQUE_CONSTRAINTS: Record<string, { key: string; field: string }> = {
  product_type_unit_name_uq: { key: CatalogueErrorKeys.productTypeNameExists, field: 'name' },
  product_type_unit_slug_uq: { key: CatalogueErrorKeys.productTypeSlugExists, field: 'slug' },
  attribute_definition_type_name_uq: { key: CatalogueErrorKeys.attributeNameExists, field: 'attributeDefinitions' },
  attribute_definition_type_slug_uq: { key: CatalogueErrorKeys.attributeSlugExists, field: 'attributeDefinitions' },
};

/** A racing insert that hits a unique index answers the same key as the service's own check. */
export async function mappingUniqueViolations<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
    const code = e?.code ?? e?.cause?.code;
    const constraint = String(e?.constraint ?? e?.cause?.constraint ?? '');
    const known = UNIQUE_CONSTRAINTS[constraint];
    if (code === '23505' && known) throw fieldError(OBJECT, known.field, known.key);
    throw err;
  }
}

import { CatalogueErrorKeys } from './catalogue-errors.js';
import {
  type AttributeType,
  isSearchable,
  MAX_LOT_NUMBER_ATTRIBUTES,
  MAX_STRING_ATTRIBUTES,
  RETENTION_IMPLANTABLE_MIN_YEARS,
  RETENTION_MIN_YEARS,
  type SearchType,
} from './product-types.js';

/**
 * The business rules of a product type and its attribute definitions, as pure functions over a
 * plain description of the type (no database). The server throws the first problem of each rule;
 * the admin form shows them while the user edits. Every function answers the problems in the order
 * the server checks them, so that both name the same one first.
 */

export type CatalogueErrorKey = (typeof CatalogueErrorKeys)[keyof typeof CatalogueErrorKeys];
export type ProductTypeAudience = 'HCP' | 'PATIENT';

/** A broken rule: the message key, the field of the body it concerns (when one does), its parameters. */
export interface ProductTypeRuleProblem {
  key: CatalogueErrorKey;
  field?: string;
  params?: Record<string, unknown>;
}

/**
 * An attribute definition as the rules see it. `id` is null (or absent) for a new one; `index` is its
 * place in the body or the form, absent for a stored definition the body leaves out (it is kept).
 */
export interface RuleDefinition {
  id?: number | null;
  index?: number;
  name: string;
  slug: string;
  type: AttributeType;
  isUnique: boolean;
  isActive: boolean;
  searchTypeHCP: SearchType;
  searchTypePatient: SearchType;
  isMandatoryPatientSearch: boolean;
}

/** A product type as the rules see it: its settings and all its definitions as they will be stored. */
export interface RuleProductType<D = RuleDefinition> {
  lotNumbers: boolean;
  keyCodeSearchTypeHCP: SearchType;
  keyCodeSearchTypePatient: SearchType;
  attributeDefinitions: D[];
}

/** The stored state the patient-portal rule compares with (what was stored may stay). */
export interface StoredPatientSettings {
  keyCodeSearchTypePatient: SearchType;
  attributeDefinitions: { id: number; searchTypePatient: SearchType; isMandatoryPatientSearch: boolean }[];
}

/** The body field of a definition: its own field when it is in the body, the list otherwise. */
const definitionField = (d: Pick<RuleDefinition, 'index'>, field: string) =>
  d.index === undefined ? 'attributeDefinitions' : `attributeDefinitions.${d.index}.${field}`;

const isNew = (d: Pick<RuleDefinition, 'id'>) => d.id === null || d.id === undefined;

// ---------------------------------------------------------------------------------------------
// attribute limits

export interface AttributeLimits {
  strings: number;
  lotNumbers: number;
  maxStrings: number;
  maxLotNumbers: number;
  /** Whether a lot-number attribute may be added at all (the lot-numbers switch). */
  lotNumbersAllowed: boolean;
  canAddString: boolean;
  canAddLotNumber: boolean;
}

/** Text (STRING) and lot-number (MULTI_ARRAY) attributes against their maximum, active or not. */
export function attributeLimits(
  type: Pick<RuleProductType<Pick<RuleDefinition, 'type'>>, 'lotNumbers' | 'attributeDefinitions'>,
): AttributeLimits {
  const strings = type.attributeDefinitions.filter((d) => d.type === 'STRING').length;
  const lotNumbers = type.attributeDefinitions.filter((d) => d.type === 'MULTI_ARRAY').length;
  return {
    strings,
    lotNumbers,
    maxStrings: MAX_STRING_ATTRIBUTES,
    maxLotNumbers: MAX_LOT_NUMBER_ATTRIBUTES,
    lotNumbersAllowed: type.lotNumbers,
    canAddString: strings < MAX_STRING_ATTRIBUTES,
    canAddLotNumber: type.lotNumbers && lotNumbers < MAX_LOT_NUMBER_ATTRIBUTES,
  };
}

/** At most 1 lot-number attribute and 6 text attributes (inactive and kept ones count). */
export function attributeLimitProblems(
  type: Pick<RuleProductType<Pick<RuleDefinition, 'type'>>, 'lotNumbers' | 'attributeDefinitions'>,
): ProductTypeRuleProblem[] {
  const limits = attributeLimits(type);
  const problems: ProductTypeRuleProblem[] = [];
  if (limits.lotNumbers > limits.maxLotNumbers) {
    problems.push({
      key: CatalogueErrorKeys.tooManyLotNumberAttributes,
      field: 'attributeDefinitions',
      params: { max: limits.maxLotNumbers },
    });
  }
  if (limits.strings > limits.maxStrings) {
    problems.push({ key: CatalogueErrorKeys.tooManyStringAttributes, field: 'attributeDefinitions', params: { max: limits.maxStrings } });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// names and slugs of the definitions

/**
 * Names (regardless of case) and slugs are unique within the type. The definitions the body leaves
 * out are looked at first, then those of the body from the last one up, so that the first problem
 * points at a field of the body. After those, the other listed definition of each clash is named
 * too (a form marks both rows). Empty names and slugs are left to the field validation.
 */
export function duplicateDefinitionProblems(
  type: Pick<RuleProductType<Pick<RuleDefinition, 'index' | 'name' | 'slug'>>, 'attributeDefinitions'>,
): ProductTypeRuleProblem[] {
  const problems: ProductTypeRuleProblem[] = [];
  const later: ProductTypeRuleProblem[] = [];
  const seen = {
    name: new Map<string, Pick<RuleDefinition, 'index' | 'name' | 'slug'>>(),
    slug: new Map<string, Pick<RuleDefinition, 'index' | 'name' | 'slug'>>(),
  };
  const firstNamed = new Set<string>();
  const ordered = [...type.attributeDefinitions]
    .sort((a, b) => (a.index ?? Number.MAX_SAFE_INTEGER) - (b.index ?? Number.MAX_SAFE_INTEGER))
    .reverse();
  for (const d of ordered) {
    for (const field of ['name', 'slug'] as const) {
      const value = field === 'name' ? d.name.toLowerCase() : d.slug;
      if (!value) continue;
      const first = seen[field].get(value);
      if (!first) {
        seen[field].set(value, d);
        continue;
      }
      const key = field === 'name' ? CatalogueErrorKeys.attributeNameExists : CatalogueErrorKeys.attributeSlugExists;
      problems.push({ key, field: definitionField(d, field), params: { [field]: d[field] } });
      if (first.index !== undefined && !firstNamed.has(`${field}:${first.index}`)) {
        firstNamed.add(`${field}:${first.index}`);
        later.push({ key, field: definitionField(first, field), params: { [field]: first[field] } });
      }
    }
  }
  return [...problems, ...later];
}

// ---------------------------------------------------------------------------------------------
// stored definitions

/**
 * The definitions of a body that name a stored one by id: the id must be one of the type's
 * definitions, named once, and the definition keeps its type and isUnique.
 */
export function storedDefinitionProblems(
  definitions: Pick<RuleDefinition, 'id' | 'type' | 'isUnique'>[],
  stored: { id: number; type: AttributeType | string; isUnique: boolean }[],
): ProductTypeRuleProblem[] {
  const byId = new Map(stored.map((d) => [d.id, d]));
  const listed = new Set<number>();
  const problems: ProductTypeRuleProblem[] = [];
  definitions.forEach((d, i) => {
    if (d.id === null || d.id === undefined) return;
    const before = byId.get(d.id);
    if (!before || listed.has(d.id)) {
      problems.push({
        key: CatalogueErrorKeys.attributeDefinitionInvalid,
        field: `attributeDefinitions.${i}.id`,
        params: { attributeDefinitionId: d.id },
      });
      return;
    }
    listed.add(d.id);
    if (before.type !== d.type)
      problems.push({ key: CatalogueErrorKeys.attributeTypeCannotChange, field: `attributeDefinitions.${i}.type` });
    if (before.isUnique !== d.isUnique) {
      problems.push({ key: CatalogueErrorKeys.attributeUniqueCannotChange, field: `attributeDefinitions.${i}.isUnique` });
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// lot numbers

/** A new lot-number (MULTI_ARRAY) attribute needs the lot-numbers switch; an existing one is kept while it is off. */
export function lotNumberProblems(
  type: Pick<RuleProductType<Pick<RuleDefinition, 'id' | 'index' | 'type'>>, 'lotNumbers' | 'attributeDefinitions'>,
): ProductTypeRuleProblem[] {
  if (type.lotNumbers) return [];
  const added = type.attributeDefinitions.find((d) => isNew(d) && d.type === 'MULTI_ARRAY');
  return added ? [{ key: CatalogueErrorKeys.lotNumbersDisabled, field: definitionField(added, 'type') }] : [];
}

// ---------------------------------------------------------------------------------------------
// patient portal

/**
 * While the patient portal is off, nothing may START showing to patients: the key-code patient
 * search, an attribute's patient search or its mandatory patient search. What is already stored
 * stays (a type set up while the portal was on can still be edited); `stored` is absent for a new
 * type. Only the definitions of the body are looked at (those left out do not change).
 */
export function patientPortalProblems(
  type: Pick<
    RuleProductType<Pick<RuleDefinition, 'id' | 'index' | 'searchTypePatient' | 'isMandatoryPatientSearch'>>,
    'keyCodeSearchTypePatient' | 'attributeDefinitions'
  >,
  portalOn: boolean,
  stored?: StoredPatientSettings,
): ProductTypeRuleProblem[] {
  if (portalOn) return [];
  const problems: ProductTypeRuleProblem[] = [];
  if (type.keyCodeSearchTypePatient !== 'NOT_VISIBLE' && type.keyCodeSearchTypePatient !== stored?.keyCodeSearchTypePatient) {
    problems.push({ key: CatalogueErrorKeys.patientKeyCodeSearchDisabled, field: 'keyCodeSearchTypePatient' });
  }
  const storedDefs = new Map(stored?.attributeDefinitions.map((d) => [d.id, d]));
  for (const d of type.attributeDefinitions) {
    if (d.index === undefined) continue;
    const before = isNew(d) ? undefined : storedDefs.get(d.id as number);
    if (d.searchTypePatient !== 'NOT_VISIBLE' && d.searchTypePatient !== before?.searchTypePatient) {
      problems.push({ key: CatalogueErrorKeys.patientAttributeSearchDisabled, field: definitionField(d, 'searchTypePatient') });
    }
    if (d.isMandatoryPatientSearch && !before?.isMandatoryPatientSearch) {
      problems.push({ key: CatalogueErrorKeys.patientAttributeSearchDisabled, field: definitionField(d, 'isMandatoryPatientSearch') });
    }
  }
  return problems;
}

/** A patient hero image can only be set while the patient portal is on. */
export function patientHeroImageProblems(portalOn: boolean): ProductTypeRuleProblem[] {
  return portalOn ? [] : [{ key: CatalogueErrorKeys.patientToggleDisabled, field: 'heroImagePatient' }];
}

// ---------------------------------------------------------------------------------------------
// audiences

type AudienceDefinition = Pick<RuleDefinition, 'type' | 'isActive' | 'searchTypeHCP' | 'searchTypePatient'>;
type AudienceType = RuleProductType<AudienceDefinition>;

/** The definitions that count for the audiences: active ones; the lot-number attribute only while the lot-numbers switch is on. */
const countingDefinitions = <D extends AudienceDefinition>(type: RuleProductType<D>): D[] =>
  type.attributeDefinitions.filter((d) => d.isActive && (d.type !== 'MULTI_ARRAY' || type.lotNumbers));

/** Whether the type shows anything to patients: the key code or a counting attribute is not NOT_VISIBLE for them. */
export function showsPatients(type: AudienceType): boolean {
  return type.keyCodeSearchTypePatient !== 'NOT_VISIBLE' || countingDefinitions(type).some((d) => d.searchTypePatient !== 'NOT_VISIBLE');
}

/** HCP is always active; PATIENT while the patient portal is on and the type shows anything to patients. */
export function activeAudiences(type: AudienceType, portalOn: boolean): ProductTypeAudience[] {
  return portalOn && showsPatients(type) ? ['HCP', 'PATIENT'] : ['HCP'];
}

/**
 * The active audiences that have neither a searchable key code nor a searchable counting attribute
 * (every active audience needs one).
 */
export function audiencesWithoutSearch(type: AudienceType, portalOn: boolean): ProductTypeAudience[] {
  const counting = countingDefinitions(type);
  const searchable = (keyCode: SearchType, of: (d: AudienceDefinition) => SearchType) =>
    isSearchable(keyCode) || counting.some((d) => isSearchable(of(d)));
  return activeAudiences(type, portalOn).filter((audience) =>
    audience === 'HCP'
      ? !searchable(type.keyCodeSearchTypeHCP, (d) => d.searchTypeHCP)
      : !searchable(type.keyCodeSearchTypePatient, (d) => d.searchTypePatient),
  );
}

export function audienceProblems(type: AudienceType, portalOn: boolean): ProductTypeRuleProblem[] {
  return audiencesWithoutSearch(type, portalOn).map((audience) => ({
    key: CatalogueErrorKeys.noSearchableAttributes,
    params: { audience },
  }));
}

// ---------------------------------------------------------------------------------------------
// retention (EU 2021/2226 art. 7, decision 0070)

/** The fewest years a type may keep what was public: 2, or 15 when its devices are implantable. */
export const minimumRetentionYears = (implantable: boolean): number =>
  implantable ? RETENTION_IMPLANTABLE_MIN_YEARS : RETENTION_MIN_YEARS;

/** An implantable type keeps at least 15 years (the field's own range, 2 to 100, is the schema's). */
export function retentionProblems(type: { retentionYears: number; implantable: boolean }): ProductTypeRuleProblem[] {
  const min = minimumRetentionYears(type.implantable);
  return type.retentionYears < min ? [{ key: CatalogueErrorKeys.retentionTooShort, field: 'retentionYears', params: { min } }] : [];
}

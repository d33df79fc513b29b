import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  CatalogueErrorKeys,
  catalogueNameSchema,
  isSearchable,
  MAX_LOT_NUMBER_ATTRIBUTES,
  MAX_STRING_ATTRIBUTES,
  PRODUCT_TYPE_STATUSES,
  type ProductType,
  type ProductTypeCreateBody,
  SEARCH_VISUALISATIONS,
  type SearchType,
  searchTypeSchema,
  slugSchema,
} from '@vellum/contract';
import { z } from 'zod';

/** One attribute-definition row of the editor; `id` is null until the row is saved. */
export interface AttributeRow {
  id: number | null;
  name: string;
  slug: string;
  type: AttributeType;
  isUnique: boolean;
  isMandatory: boolean;
  isMandatoryHcpSearch: boolean;
  isMandatoryPatientSearch: boolean;
  pinned: boolean;
  isActive: boolean;
  searchTypeHCP: SearchType;
  searchTypePatient: SearchType;
  meta: string;
}

const rowSchema = z.object({
  id: z.number().int().nullable(),
  name: catalogueNameSchema,
  slug: slugSchema,
  type: z.enum(ATTRIBUTE_TYPES),
  isUnique: z.boolean(),
  isMandatory: z.boolean(),
  isMandatoryHcpSearch: z.boolean(),
  isMandatoryPatientSearch: z.boolean(),
  pinned: z.boolean(),
  isActive: z.boolean(),
  searchTypeHCP: searchTypeSchema,
  searchTypePatient: searchTypeSchema,
  meta: z.string().max(2000, 'Size'),
});

/** The form: the fields of the contract's create/update body, plus the attribute rows. */
export const productTypeFormSchema = z
  .object({
    name: catalogueNameSchema,
    slug: slugSchema,
    status: z.enum(PRODUCT_TYPE_STATUSES),
    keyCodeSearchTypeHCP: searchTypeSchema,
    keyCodeSearchTypePatient: searchTypeSchema,
    keyCodeLabelHCP: z.string().trim().max(50, 'Size'),
    keyCodeLabelPatient: z.string().trim().max(50, 'Size'),
    searchVisualisationHCP: z.enum(SEARCH_VISUALISATIONS),
    searchVisualisationPatient: z.enum(SEARCH_VISUALISATIONS),
    crossFieldByAttributeSetting: z.boolean(),
    lotNumbers: z.boolean(),
    attributeDefinitions: z.array(rowSchema).max(50, 'Size'),
  })
  .superRefine((values, ctx) => {
    // names and slugs are unique within the product type (as the server checks)
    const seen = { name: new Map<string, number>(), slug: new Map<string, number>() };
    values.attributeDefinitions.forEach((row, i) => {
      for (const field of ['name', 'slug'] as const) {
        const key = row[field].trim().toLowerCase();
        if (!key) continue;
        if (seen[field].has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['attributeDefinitions', i, field],
            message: field === 'name' ? CatalogueErrorKeys.attributeNameExists : CatalogueErrorKeys.attributeSlugExists,
          });
        } else seen[field].set(key, i);
      }
    });
  });

export type ProductTypeFormInput = z.input<typeof productTypeFormSchema>;
export type ProductTypeFormOutput = z.output<typeof productTypeFormSchema>;

export const newAttributeRow = (type: AttributeType = 'STRING'): AttributeRow => ({
  id: null,
  name: '',
  slug: '',
  type,
  isUnique: false,
  isMandatory: false,
  isMandatoryHcpSearch: false,
  isMandatoryPatientSearch: false,
  pinned: false,
  isActive: true,
  searchTypeHCP: type === 'MULTI_ARRAY' ? 'SEARCHABLE_EXACT' : 'NOT_VISIBLE',
  searchTypePatient: 'NOT_VISIBLE',
  meta: '',
});

export function toForm(type?: ProductType): ProductTypeFormInput {
  return {
    name: type?.name ?? '',
    slug: type?.slug ?? '',
    status: type?.status ?? 'ENABLED',
    keyCodeSearchTypeHCP: type?.keyCodeSearchTypeHCP ?? 'SEARCHABLE_EXACT',
    keyCodeSearchTypePatient: type?.keyCodeSearchTypePatient ?? 'NOT_VISIBLE',
    keyCodeLabelHCP: type?.keyCodeLabelHCP ?? '',
    keyCodeLabelPatient: type?.keyCodeLabelPatient ?? '',
    searchVisualisationHCP: type?.searchVisualisationHCP ?? 'ADVANCED',
    searchVisualisationPatient: type?.searchVisualisationPatient ?? 'ADVANCED',
    crossFieldByAttributeSetting: type?.crossFieldByAttributeSetting ?? false,
    lotNumbers: type?.lotNumbers ?? false,
    attributeDefinitions: [...(type?.attributeDefinitions ?? [])]
      .sort((a, b) => a.visualizationOrder - b.visualizationOrder)
      .map((d) => ({
        id: d.id,
        name: d.name,
        slug: d.slug,
        type: d.type,
        isUnique: d.isUnique,
        isMandatory: d.isMandatory,
        isMandatoryHcpSearch: d.isMandatoryHcpSearch,
        isMandatoryPatientSearch: d.isMandatoryPatientSearch,
        pinned: d.pinned,
        isActive: d.isActive,
        searchTypeHCP: d.searchTypeHCP,
        searchTypePatient: d.searchTypePatient,
        meta: d.meta ?? '',
      })),
  };
}

/**
 * The create body (the update adds id and version). Patient settings go as they are: while the
 * patient portal is off the form cannot change them, and the server keeps values stored before.
 */
export function toBody(values: ProductTypeFormOutput, businessUnitId: number): ProductTypeCreateBody {
  return {
    businessUnitId,
    name: values.name,
    slug: values.slug,
    status: values.status,
    keyCodeSearchTypeHCP: values.keyCodeSearchTypeHCP,
    keyCodeSearchTypePatient: values.keyCodeSearchTypePatient,
    keyCodeLabelHCP: values.keyCodeLabelHCP || null,
    keyCodeLabelPatient: values.keyCodeLabelPatient || null,
    searchVisualisationHCP: values.searchVisualisationHCP,
    searchVisualisationPatient: values.searchVisualisationPatient,
    crossFieldByAttributeSetting: values.crossFieldByAttributeSetting,
    lotNumbers: values.lotNumbers,
    attributeDefinitions: values.attributeDefinitions.map((row, index) => ({
      ...row,
      id: row.id ?? null,
      meta: row.meta.trim() || null,
      visualizationOrder: index,
    })),
  };
}

/** A slug proposed from a name: lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
}

/** The slug to show after a name change: follows the name while the slug was empty or still the old suggestion. */
export function followSlug(previousName: string, nextName: string, currentSlug: string): string {
  return currentSlug === '' || currentSlug === slugify(previousName) ? slugify(nextName) : currentSlug;
}

export type AudienceName = 'HCP' | 'PATIENT';

/** What the business rules look at. */
export interface RuleInput {
  lotNumbers: boolean;
  keyCodeSearchTypeHCP: SearchType;
  keyCodeSearchTypePatient: SearchType;
  attributeDefinitions: Pick<
    AttributeRow,
    'id' | 'type' | 'isActive' | 'searchTypeHCP' | 'searchTypePatient' | 'isMandatoryPatientSearch'
  >[];
}

export interface RuleProblem {
  key: string;
  params?: Record<string, unknown>;
}

export interface AttributeLimits {
  strings: number;
  lotNumbers: number;
  maxStrings: number;
  maxLotNumbers: number;
  /** Whether a lot-number attribute may exist at all (the lot-numbers switch). */
  lotNumbersAllowed: boolean;
  canAddString: boolean;
  canAddLotNumber: boolean;
}

export function attributeLimits(input: Pick<RuleInput, 'lotNumbers' | 'attributeDefinitions'>): AttributeLimits {
  const strings = input.attributeDefinitions.filter((d) => d.type === 'STRING').length;
  const lotNumbers = input.attributeDefinitions.filter((d) => d.type === 'MULTI_ARRAY').length;
  return {
    strings,
    lotNumbers,
    maxStrings: MAX_STRING_ATTRIBUTES,
    maxLotNumbers: MAX_LOT_NUMBER_ATTRIBUTES,
    lotNumbersAllowed: input.lotNumbers,
    canAddString: strings < MAX_STRING_ATTRIBUTES,
    canAddLotNumber: input.lotNumbers && lotNumbers < MAX_LOT_NUMBER_ATTRIBUTES,
  };
}

/**
 * Whether the patient audience is active: the portal is on (or unknown: the server decides) and the
 * type shows anything to patients.
 */
export function patientAudienceActive(input: RuleInput, patientPortal: boolean | undefined): boolean {
  if (patientPortal === false) return false;
  return (
    input.keyCodeSearchTypePatient !== 'NOT_VISIBLE' ||
    input.attributeDefinitions.some((d) => d.isActive && (d.searchTypePatient !== 'NOT_VISIBLE' || d.isMandatoryPatientSearch))
  );
}

/** The active audiences that have neither a searchable key code nor an active searchable attribute. */
export function audiencesWithoutSearch(input: RuleInput, patientPortal: boolean | undefined): AudienceName[] {
  const out: AudienceName[] = [];
  // the lot-number attribute does not count while the lot-numbers switch is off
  const counts = (d: RuleInput['attributeDefinitions'][number]) => d.isActive && (d.type !== 'MULTI_ARRAY' || input.lotNumbers);
  const searchable = (keyCode: SearchType, attr: (d: RuleInput['attributeDefinitions'][number]) => SearchType) =>
    isSearchable(keyCode) || input.attributeDefinitions.some((d) => counts(d) && isSearchable(attr(d)));
  if (!searchable(input.keyCodeSearchTypeHCP, (d) => d.searchTypeHCP)) out.push('HCP');
  if (patientAudienceActive(input, patientPortal) && !searchable(input.keyCodeSearchTypePatient, (d) => d.searchTypePatient)) {
    out.push('PATIENT');
  }
  return out;
}

/** The business rules the server enforces on a product type, checked in the browser first (same error keys). */
export function ruleProblems(input: RuleInput, patientPortal: boolean | undefined): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const limits = attributeLimits(input);
  if (limits.strings > limits.maxStrings)
    problems.push({ key: CatalogueErrorKeys.tooManyStringAttributes, params: { max: limits.maxStrings } });
  // a saved lot-number attribute stays while the switch is off; a new one needs it on
  if (!input.lotNumbers && input.attributeDefinitions.some((d) => d.type === 'MULTI_ARRAY' && (d.id === null || d.id === undefined))) {
    problems.push({ key: CatalogueErrorKeys.lotNumbersDisabled });
  }
  if (limits.lotNumbers > limits.maxLotNumbers) {
    problems.push({ key: CatalogueErrorKeys.tooManyLotNumberAttributes, params: { max: limits.maxLotNumbers } });
  }
  for (const audience of audiencesWithoutSearch(input, patientPortal)) {
    problems.push({ key: CatalogueErrorKeys.noSearchableAttributes, params: { audience } });
  }
  return problems;
}

/** Server error keys that concern the type as a whole or its attribute list (shown above the attribute editor). */
export const RULE_ERROR_KEYS: ReadonlySet<string> = new Set([
  CatalogueErrorKeys.tooManyLotNumberAttributes,
  CatalogueErrorKeys.tooManyStringAttributes,
  CatalogueErrorKeys.noSearchableAttributes,
  CatalogueErrorKeys.attributeUniqueCannotChange,
  CatalogueErrorKeys.attributeTypeCannotChange,
  CatalogueErrorKeys.attributeNameExists,
  CatalogueErrorKeys.attributeSlugExists,
  CatalogueErrorKeys.lotNumbersDisabled,
  CatalogueErrorKeys.attributeDefinitionInUse,
  CatalogueErrorKeys.patientAttributeSearchDisabled,
  CatalogueErrorKeys.patientToggleDisabled,
]);

/** The field names of the form, with one entry per row field, for placing the server's field errors. */
export function formFieldPaths(rows: number): string[] {
  const top = [
    'name',
    'slug',
    'status',
    'keyCodeSearchTypeHCP',
    'keyCodeSearchTypePatient',
    'keyCodeLabelHCP',
    'keyCodeLabelPatient',
    'searchVisualisationHCP',
    'searchVisualisationPatient',
    'crossFieldByAttributeSetting',
    'lotNumbers',
  ];
  const rowFields = ['name', 'slug', 'type', 'searchTypeHCP', 'searchTypePatient', 'meta'];
  const out = [...top];
  for (let i = 0; i < rows; i++) for (const f of rowFields) out.push(`attributeDefinitions.${i}.${f}`);
  return out;
}

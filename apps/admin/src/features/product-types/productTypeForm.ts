import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  activeAudiences,
  attributeLimitProblems,
  audienceProblems,
  CatalogueErrorKeys,
  catalogueNameSchema,
  audiencesWithoutSearch as contractAudiencesWithoutSearch,
  duplicateDefinitionProblems,
  lotNumberProblems,
  PRODUCT_TYPE_STATUSES,
  type ProductType,
  type ProductTypeAudience,
  type ProductTypeCreateBody,
  RETENTION_MAX_YEARS,
  RETENTION_MIN_YEARS,
  retentionProblems,
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

/** The rows with their place in the form: the rules name the field of a row by it. */
const withIndex = <R>(rows: R[]) => rows.map((row, index) => ({ ...row, index }));

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
    retentionYears: z.number('Pattern').int('Pattern').min(RETENTION_MIN_YEARS, 'Min').max(RETENTION_MAX_YEARS, 'Max'),
    implantable: z.boolean(),
    attributeDefinitions: z.array(rowSchema).max(50, 'Size'),
  })
  .superRefine((values, ctx) => {
    // an implantable type keeps what was public at least 15 years (the contract's rule, as the server checks it)
    for (const problem of retentionProblems(values)) ctx.addIssue({ code: 'custom', path: ['retentionYears'], message: problem.key });
    // names and slugs are unique within the product type (the contract's rule, as the server checks it)
    const problems = duplicateDefinitionProblems({ attributeDefinitions: withIndex(values.attributeDefinitions) });
    for (const problem of problems) {
      ctx.addIssue({
        code: 'custom',
        // attributeDefinitions.{index}.{field}
        path: (problem.field ?? 'attributeDefinitions').split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message: problem.key,
      });
    }
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
    retentionYears: type?.retentionYears ?? RETENTION_MIN_YEARS,
    implantable: type?.implantable ?? false,
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
    retentionYears: values.retentionYears,
    implantable: values.implantable,
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

export type AudienceName = ProductTypeAudience;

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
  /** The field of the body (or of the form) the problem concerns, when it concerns one. */
  field?: string;
  params?: Record<string, unknown>;
}

/** The attribute limits (text and lot-number attributes against their maximum), from the contract. */
export { attributeLimits } from '@vellum/contract';

/**
 * The form does not know whether the patient portal is on until the manufacturer settings are
 * read: until then (undefined) the patient audience counts, and the server decides.
 */
const portalNotOff = (patientPortal: boolean | undefined) => patientPortal !== false;

/** Whether the patient audience is active: the portal is not off and the type shows anything to patients. */
export function patientAudienceActive(input: RuleInput, patientPortal: boolean | undefined): boolean {
  return activeAudiences(input, portalNotOff(patientPortal)).includes('PATIENT');
}

/** The active audiences that have neither a searchable key code nor an active searchable attribute. */
export function audiencesWithoutSearch(input: RuleInput, patientPortal: boolean | undefined): AudienceName[] {
  return contractAudiencesWithoutSearch(input, portalNotOff(patientPortal));
}

/**
 * The business rules the server enforces on a product type, checked in the browser first with the
 * contract's functions (same keys, same order). The patient-portal rule is not among them: while the
 * portal is off the form cannot change what patients see.
 */
export function ruleProblems(input: RuleInput, patientPortal: boolean | undefined): RuleProblem[] {
  const type = { ...input, attributeDefinitions: withIndex(input.attributeDefinitions) };
  return [...attributeLimitProblems(type), ...lotNumberProblems(type), ...audienceProblems(type, portalNotOff(patientPortal))];
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
    'retentionYears',
    'implantable',
  ];
  const rowFields = ['name', 'slug', 'type', 'searchTypeHCP', 'searchTypePatient', 'meta'];
  const out = [...top];
  for (let i = 0; i < rows; i++) for (const f of rowFields) out.push(`attributeDefinitions.${i}.${f}`);
  return out;
}

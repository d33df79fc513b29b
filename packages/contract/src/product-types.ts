import { z } from 'zod';
import { bodyId, idSchema, multiLineText, nameSchema, nameText, searchText, slugSchema, versionField } from './common.js';

export const PRODUCT_TYPE_STATUSES = ['ENABLED', 'DISABLED', 'WAITING'] as const;
export const SEARCH_TYPES = ['NOT_VISIBLE', 'VISIBLE', 'SEARCHABLE_EXACT', 'SEARCHABLE_PARTIAL', 'SEARCHABLE_DROPDOWN'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCHABLE_TYPES: readonly SearchType[] = ['SEARCHABLE_EXACT', 'SEARCHABLE_PARTIAL', 'SEARCHABLE_DROPDOWN'];
export const isSearchable = (t: SearchType) => SEARCHABLE_TYPES.includes(t);
export const SEARCH_VISUALISATIONS = ['ADVANCED', 'CROSS_FIELD', 'ADVANCED_AND_CROSS_FIELD'] as const;
export const ATTRIBUTE_TYPES = ['STRING', 'MULTI_ARRAY'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Per product type: at most 1 lot-number (MULTI_ARRAY) attribute and 6 custom STRING attributes. */
export const MAX_LOT_NUMBER_ATTRIBUTES = 1;
export const MAX_STRING_ATTRIBUTES = 6;
/** Retention of public file versions in years (EU 2021/2226 art. 7): 2 at least, 15 for implantable devices. */
export const RETENTION_MIN_YEARS = 2;
export const RETENTION_IMPLANTABLE_MIN_YEARS = 15;
export const RETENTION_MAX_YEARS = 100;
/** Attribute values and key codes are at most this long. */
export const ATTRIBUTE_VALUE_MAX = 255;

/** Names without special characters: letters (any script), digits, spaces, - _ . , ( ) / & + ' */
export const catalogueNameSchema = nameSchema.regex(/^[\p{L}\p{N} _.,()/&+'-]+$/u, 'Pattern');

export const searchTypeSchema = z.enum(SEARCH_TYPES);

export const attributeDefinitionSchema = z.object({
  id: z.number(),
  productTypeId: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  isUnique: z.boolean(),
  isMandatory: z.boolean(),
  isMandatoryHcpSearch: z.boolean(),
  isMandatoryPatientSearch: z.boolean(),
  pinned: z.boolean(),
  isActive: z.boolean(),
  searchTypeHCP: searchTypeSchema,
  searchTypePatient: searchTypeSchema,
  meta: z.string().nullable(),
  visualizationOrder: z.number(),
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

/** An attribute definition inside a product-type create/update; without id (or id -1) it is new. */
export const attributeDefinitionInput = z.object({
  id: bodyId(-1)
    .nullish()
    .transform((v) => (v === -1 ? null : (v ?? null))),
  name: catalogueNameSchema,
  slug: slugSchema,
  type: z.enum(ATTRIBUTE_TYPES).default('STRING'),
  isUnique: z.boolean().default(false),
  isMandatory: z.boolean().default(false),
  isMandatoryHcpSearch: z.boolean().default(false),
  isMandatoryPatientSearch: z.boolean().default(false),
  pinned: z.boolean().default(false),
  isActive: z.boolean().default(true),
  searchTypeHCP: searchTypeSchema.default('NOT_VISIBLE'),
  searchTypePatient: searchTypeSchema.default('NOT_VISIBLE'),
  meta: multiLineText().max(2000, 'Size').nullable().default(null),
  visualizationOrder: z.number().int().min(0).max(1000).default(0),
});
export type AttributeDefinitionInput = z.output<typeof attributeDefinitionInput>;

const productTypeFields = {
  name: catalogueNameSchema,
  status: z.enum(PRODUCT_TYPE_STATUSES).default('ENABLED'),
  keyCodeSearchTypeHCP: searchTypeSchema.default('SEARCHABLE_EXACT'),
  keyCodeSearchTypePatient: searchTypeSchema.default('NOT_VISIBLE'),
  keyCodeLabelHCP: nameText().trim().max(50, 'Size').nullable().default(null),
  keyCodeLabelPatient: nameText().trim().max(50, 'Size').nullable().default(null),
  searchVisualisationHCP: z.enum(SEARCH_VISUALISATIONS).default('ADVANCED'),
  searchVisualisationPatient: z.enum(SEARCH_VISUALISATIONS).default('ADVANCED'),
  crossFieldByAttributeSetting: z.boolean().default(false),
  lotNumbers: z.boolean().default(false),
  /**
   * Retention of what was public (EU 2021/2226 art. 7, decision 0070): years after the last end-of-life
   * date of its products; at least 2, at least 15 when implantable (error.productType.retentionTooShort).
   */
  retentionYears: z.number().int('Pattern').min(RETENTION_MIN_YEARS, 'Min').max(RETENTION_MAX_YEARS, 'Max').default(RETENTION_MIN_YEARS),
  implantable: z.boolean().default(false),
};

export const productTypeSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  slug: z.string(),
  ...productTypeFields,
  /** status === ENABLED */
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  heroImageHcpUrl: z.string().nullable(),
  heroImagePatientUrl: z.string().nullable(),
  copiedFromId: z.number().nullable(),
  attributeDefinitions: z.array(attributeDefinitionSchema),
  /** How many products and product groups it holds. */
  products: z.number(),
  productGroups: z.number(),
  version: z.number(),
});
export type ProductType = z.output<typeof productTypeSchema>;

export const productTypeCreateBody = z.object({
  id: z.undefined().or(z.null()).optional(),
  businessUnitId: idSchema,
  slug: slugSchema,
  ...productTypeFields,
  attributeDefinitions: z.array(attributeDefinitionInput).max(50).default([]),
});
export const productTypeUpdateBody = z.object({
  id: bodyId(),
  businessUnitId: idSchema,
  /** May change while it stays unique in the business unit (public links use it once published). */
  slug: slugSchema,
  version: versionField,
  ...productTypeFields,
  /** The full list: definitions left out are kept (delete them with DELETE .../{id}). */
  attributeDefinitions: z.array(attributeDefinitionInput).max(50).default([]),
});
export type ProductTypeCreateBody = z.input<typeof productTypeCreateBody>;
export type ProductTypeUpdateBody = z.input<typeof productTypeUpdateBody>;

export const productTypeListQuery = z.object({
  'business-unit': idSchema,
  search: searchText().optional(),
});
export const productTypeNameSchema = z.object({ id: z.number(), name: z.string(), businessUnitId: z.number() });
export const heroImageQuery = z.object({
  patient: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
/** Copies a global product type (business unit 0) with its attribute definitions into a business unit. */
export const productTypeCopyBody = z.object({ businessUnitId: bodyId() });
export const attributeDefinitionListQuery = z.object({ 'product-type': idSchema });

import { z } from 'zod';
import { bodyId, idSchema, intInput, pageQuery, plainText, searchText, versionField } from './common.js';
import { DEFAULT_GS1_LINK_TYPE, gs1LinkTypeSchema } from './gs1-link-types.js';
import { catalogueNameSchema, searchTypeSchema } from './product-types.js';

/**
 * Document types and document attribute definitions of a business unit (spec 001 §3: "Document
 * type: active, hcp, patient, sort number, names"; "Document attribute definition: name, slug,
 * unique, mandatory, isActive, searchType, visualizationOrder"). Decision 0031.
 */

/** Sort numbers order the types on the public website; unique in the business unit. */
export const DOCUMENT_TYPE_SORT_MAX = 100_000;

export const documentTypeSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  active: z.boolean(),
  hcp: z.boolean(),
  patient: z.boolean(),
  sortNumber: z.number(),
  /** The GS1 Web Vocabulary link type its documents' files are listed under by the site's GS1 resolver (decision 0049). */
  linkType: gs1LinkTypeSchema,
  version: z.number(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;

const documentTypeFields = {
  businessUnitId: idSchema,
  name: catalogueNameSchema,
  active: z.boolean().default(true),
  hcp: z.boolean().default(false),
  patient: z.boolean().default(false),
  sortNumber: z.number().int('Pattern').min(0, 'Min').max(DOCUMENT_TYPE_SORT_MAX, 'Max'),
  linkType: gs1LinkTypeSchema.default(DEFAULT_GS1_LINK_TYPE),
};
export const documentTypeCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...documentTypeFields });
export const documentTypeUpdateBody = z.object({ id: bodyId(), version: versionField, ...documentTypeFields });
export type DocumentTypeCreateBody = z.input<typeof documentTypeCreateBody>;
export type DocumentTypeUpdateBody = z.input<typeof documentTypeUpdateBody>;

/** The list answers an array with x-total-count; sort by name (case-insensitive), sortNumber, id or active. */
export const documentTypeListQuery = z.object({
  'business-unit': idSchema,
  search: searchText().optional(),
  page: pageQuery.shape.page,
  size: intInput(1, 2000).default(2000),
  sort: z
    .string()
    .regex(/^(name|sortNumber|id|active)(,(asc|desc))?$/, 'Pattern')
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// document attribute definitions

/** Document attribute slugs: 3 to 30 lowercase letters, digits and single hyphens between them. */
export const documentAttributeSlugSchema = plainText()
  .trim()
  .min(3, 'Size')
  .max(30, 'Size')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Pattern');
/** At most this many definitions per business unit. */
export const MAX_DOCUMENT_ATTRIBUTES = 50;

export const documentAttributeDefinitionSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  slug: z.string(),
  unique: z.boolean(),
  mandatory: z.boolean(),
  isActive: z.boolean(),
  searchType: searchTypeSchema,
  visualizationOrder: z.number(),
});
export type DocumentAttributeDefinition = z.infer<typeof documentAttributeDefinitionSchema>;

/** The unit's whole list and the version the next PUT must name (optimistic locking of the list). */
export const documentAttributeListSchema = z.object({
  businessUnitId: z.number(),
  version: z.number(),
  definitions: z.array(documentAttributeDefinitionSchema),
});
export type DocumentAttributeList = z.infer<typeof documentAttributeListSchema>;

/** One definition of the PUT: without id (or id -1) it is added; with an id it updates that definition. */
export const documentAttributeDefinitionInput = z.object({
  id: bodyId(-1)
    .nullish()
    .transform((v) => (v === -1 ? null : (v ?? null))),
  name: catalogueNameSchema,
  slug: documentAttributeSlugSchema,
  unique: z.boolean().default(false),
  mandatory: z.boolean().default(false),
  isActive: z.boolean().default(true),
  searchType: searchTypeSchema.default('NOT_VISIBLE'),
  visualizationOrder: z.number().int('Pattern').min(0, 'Min').max(1000, 'Max').default(0),
});
export type DocumentAttributeDefinitionInput = z.input<typeof documentAttributeDefinitionInput>;

/**
 * PUT api/document-attribute-definitions?business-unit: the unit's whole list. Definitions of the
 * unit left out are removed; `version` is the list's version as last read (stale: 409).
 */
export const documentAttributeListBody = z.object({
  version: versionField,
  definitions: z.array(documentAttributeDefinitionInput).max(MAX_DOCUMENT_ATTRIBUTES, 'Size'),
});
export type DocumentAttributeListBody = z.input<typeof documentAttributeListBody>;
export const documentAttributeListQuery = z.object({ 'business-unit': idSchema });

/** Message keys of the document types and attribute definitions (spec 001 §8, "Document"). */
export const DocumentErrorKeys = {
  /** params: { name } */
  typeNameExists: 'error.documentType.nameExists',
  /** params: { sortNumber } */
  typeSortNumberExists: 'error.documentType.sortNumberExists',
  /** Neither hcp nor patient. */
  typeNeedsAudience: 'error.documentType.audienceRequired',
  /** Documents still use the type. params: { documents } */
  typeInUse: 'error.documentType.inUse',
  /** params: { name } */
  attributeNameExists: 'error.documentAttribute.nameExists',
  /** params: { slug } */
  attributeSlugExists: 'error.documentAttribute.slugExists',
  /** An id that names no definition of the business unit, or one named twice. params: { id } */
  attributeDefinitionInvalid: 'error.documentAttribute.definitionInvalid',
} as const;

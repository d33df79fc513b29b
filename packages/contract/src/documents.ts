import { z } from 'zod';
import { bodyId, idSchema, nameSchema, nameText, pageableSchema, pageQuery, versionField } from './common.js';
import { ATTRIBUTE_VALUE_MAX } from './product-types.js';
import { MATCH_MODES, PUBLISH_STATES } from './products.js';

/**
 * Documents of a business unit (spec 001 §3 "Document: number, name, documentType, files";
 * decision 0032): a number unique in the unit, a type, attribute values, the product groups and
 * products it documents. Files and restricted groups are written by their own calls.
 */

/** Document names: 1 to 255 characters on one line. */
export const DOCUMENT_NAME_MAX = 255;
/** At most this many attribute values, product groups and products on one document. */
export const DOCUMENT_LINKS_MAX = 500;

export const documentAttributeValueSchema = z.object({ attributeDefinitionId: z.number(), value: z.string() });
export type DocumentAttributeValue = z.infer<typeof documentAttributeValueSchema>;
export const documentProductGroupRefSchema = z.object({ id: z.number(), name: z.string(), productTypeId: z.number() });
export const documentProductRefSchema = z.object({ id: z.number(), keyCode: z.string(), productTypeId: z.number() });
export const documentPublicUserGroupRefSchema = z.object({ id: z.number(), name: z.string(), enabled: z.boolean() });
export const documentTypeRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  hcp: z.boolean(),
  patient: z.boolean(),
});

export const documentSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  number: z.string(),
  name: z.string(),
  documentTypeId: z.number(),
  documentType: documentTypeRefSchema,
  attributeValues: z.array(documentAttributeValueSchema),
  productGroupIds: z.array(z.number()),
  productGroups: z.array(documentProductGroupRefSchema),
  productIds: z.array(z.number()),
  products: z.array(documentProductRefSchema),
  /** Read-only here: written through the restricted groups (api/public-user-groups). */
  publicUserGroups: z.array(documentPublicUserGroupRefSchema),
  /** From the current version of each file (decision 0032). */
  publishState: z.enum(PUBLISH_STATES),
  fileCount: z.number(),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
  version: z.number(),
});
export type Document = z.infer<typeof documentSchema>;

/** A document number: 1 to 50 characters of a name, unique in the business unit regardless of case. */
export const documentNumberSchema = nameSchema;
export const documentNameSchema = nameText().trim().min(1, 'NotBlank').max(DOCUMENT_NAME_MAX, 'Size');
/** An attribute value: plain text of 1 to 255 characters on one line (leave a value out to have none). */
export const documentAttributeValueText = nameText().trim().min(1, 'NotBlank').max(ATTRIBUTE_VALUE_MAX, 'Size');
export const documentAttributeValueInput = z.object({
  attributeDefinitionId: bodyId(),
  value: documentAttributeValueText,
});

const documentFields = {
  businessUnitId: idSchema,
  number: documentNumberSchema,
  name: documentNameSchema,
  documentTypeId: bodyId(),
  attributeValues: z.array(documentAttributeValueInput).max(50, 'Size').default([]),
  productGroupIds: z.array(bodyId()).max(DOCUMENT_LINKS_MAX, 'Size').default([]),
  productIds: z.array(bodyId()).max(DOCUMENT_LINKS_MAX, 'Size').default([]),
};
export const documentCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...documentFields });
/** The business unit cannot change (CannotChange); a stale version answers 409. */
export const documentUpdateBody = z.object({ id: bodyId(), version: versionField, ...documentFields });
export type DocumentCreateBody = z.input<typeof documentCreateBody>;
export type DocumentUpdateBody = z.input<typeof documentUpdateBody>;

const filterValue = nameText().trim().min(1, 'NotBlank').max(ATTRIBUTE_VALUE_MAX, 'Size');
const textFilter = z.object({ value: filterValue, match: z.enum(MATCH_MODES).default('PARTIAL') });
/** Filters of POST api/documents/search; every filter given must match (case-insensitive). */
export const documentSearchBody = z.object({
  number: textFilter.optional(),
  name: textFilter.optional(),
  /** Contained in the number, the name or any attribute value. */
  text: filterValue.optional(),
  documentTypeId: bodyId().optional(),
  attributes: z
    .array(z.object({ attributeDefinitionId: bodyId(), value: filterValue, match: z.enum(MATCH_MODES).default('PARTIAL') }))
    .max(20, 'Size')
    .default([]),
  productId: bodyId().optional(),
  productGroupId: bodyId().optional(),
  publishState: z.enum(PUBLISH_STATES).optional(),
  /** true: documents with at least one file; false: documents without files. */
  hasFiles: z.boolean().optional(),
  /** Only documents linked to no product group and no product. */
  orphans: z.boolean().default(false),
});
export type DocumentSearchBody = z.input<typeof documentSearchBody>;

export const DOCUMENT_SORT_FIELDS = ['number', 'name', 'documentType', 'lastModifiedDate', 'id'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];
/** sort: number (default), name, documentType, lastModifiedDate or id, asc or desc. */
export const documentSearchQuery = pageQuery.extend({
  'business-unit': idSchema,
  /** true: each item also carries its attribute values, product groups and products. */
  'include-collections': z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const documentListItemSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  documentTypeId: z.number(),
  documentTypeName: z.string(),
  publishState: z.enum(PUBLISH_STATES),
  fileCount: z.number(),
  lastModifiedDate: z.string(),
  attributeValues: z.array(documentAttributeValueSchema).optional(),
  productGroups: z.array(documentProductGroupRefSchema).optional(),
  products: z.array(documentProductRefSchema).optional(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;
export const documentSearchPageSchema = z.object({ items: z.array(documentListItemSchema), pageable: pageableSchema });
export type DocumentSearchPage = z.infer<typeof documentSearchPageSchema>;

/** Message keys of the document rules (spec 001 §8 "Document"; decision 0032). */
export const DocumentRecordErrorKeys = {
  /** params: { number } */
  numberExists: 'error.document.numberExists',
  /** The type is inactive (on create or a change of type). params: { name } */
  typeInactive: 'error.document.typeInactive',
  /** A value of a unique attribute is taken. params: { attribute, value } */
  attributeValueExists: 'error.document.attributeValueExists',
  /** A mandatory active attribute has no value. params: { attribute } */
  attributeValueRequired: 'error.document.attributeValueRequired',
  /** A file of the document has a published or scheduled version. */
  hasPublishedFiles: 'error.document.hasPublishedFiles',
  /** Switching an attribute to unique while documents share a value of it. params: { name } */
  attributeValuesNotUnique: 'error.documentAttribute.valuesNotUnique',
} as const;

import { z } from 'zod';
import { bodyId, idSchema, nameText, pageableSchema, pageQuery, versionField } from './common.js';
import { lotRangeSchema } from './lot-ranges.js';
import { ATTRIBUTE_VALUE_MAX } from './product-types.js';

export const PUBLISH_STATES = ['UNPUBLISHED', 'SCHEDULED', 'PUBLISHED'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
/**
 * No publish date, or not in the unit's live publication (`live` false: decision 0051): unpublished;
 * a date in the future: scheduled; otherwise published. The server knows `live`; a form that
 * shows what a typed date means leaves it out.
 */
export function publishStateOf(publishDate: string | Date | null, now: Date = new Date(), live = true): PublishState {
  if (publishDate === null || !live) return 'UNPUBLISHED';
  return new Date(publishDate).getTime() > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

/** Key codes, attribute values and filters are plain text on one line, without bidi controls. */
export const keyCodeSchema = nameText().trim().min(1, 'NotBlank').max(ATTRIBUTE_VALUE_MAX, 'Size');

export const attributeValueSchema = z.object({
  id: z.number(),
  attributeDefinitionId: z.number(),
  value: z.string(),
});
/**
 * A value in a product create/update. The value is checked by the server against its definition
 * (empty, not a string, too long) so that each has its own message key; hence z.unknown here.
 */
export const attributeValueInput = z.object({
  attributeDefinitionId: bodyId(),
  value: z.unknown(),
});

export const productGroupRefSchema = z.object({ id: z.number(), name: z.string() });

export const productSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  productTypeId: z.number(),
  keyCode: z.string(),
  publishDate: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
  /** The device's last expiry or end date (ISO date); null: not ended, its public documents are kept indefinitely (decision 0070). */
  endOfLifeDate: z.string().nullable(),
  attributeValues: z.array(attributeValueSchema),
  productGroups: z.array(productGroupRefSchema),
  lotRanges: z.array(lotRangeSchema),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
  version: z.number(),
});
export type Product = z.infer<typeof productSchema>;

const productFields = {
  productTypeId: bodyId(),
  keyCode: keyCodeSchema,
  publishDate: z.iso.datetime({ offset: true }).nullable().default(null),
  /** The device's last expiry or end date; retention of its public documents counts from it (decision 0070). */
  endOfLifeDate: z.iso.date('Pattern').nullable().default(null),
  attributeValues: z.array(attributeValueInput).max(50).default([]),
  /** Ids of product groups of the same product type. */
  productGroupIds: z.array(bodyId()).max(500).default([]),
  /** Entries are checked one by one by the server (each lot-range error has its own key). */
  lotRanges: z.array(z.unknown()).max(500).default([]),
};
export const productCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...productFields });
export const productUpdateBody = z.object({ id: bodyId(), version: versionField, ...productFields });
export type ProductCreateBody = z.input<typeof productCreateBody>;
export type ProductUpdateBody = z.input<typeof productUpdateBody>;

export const MATCH_MODES = ['EXACT', 'PARTIAL'] as const;
const filterValue = nameText().trim().min(1, 'NotBlank').max(ATTRIBUTE_VALUE_MAX, 'Size');
/** Filters of POST api/products/search; all given filters must match (case-insensitive). */
export const productSearchBody = z.object({
  keyCode: z.object({ value: filterValue, match: z.enum(MATCH_MODES).default('PARTIAL') }).optional(),
  attributes: z
    .array(z.object({ attributeDefinitionId: bodyId(), value: filterValue, match: z.enum(MATCH_MODES).default('PARTIAL') }))
    .max(20)
    .default([]),
  /** Matches the key code or any attribute value (partial); the cross-business-unit search uses it. */
  text: filterValue.optional(),
  /** Only products in no product group. */
  orphans: z.boolean().default(false),
  publishState: z.enum(PUBLISH_STATES).optional(),
  productGroupId: bodyId().optional(),
});
export type ProductSearchBody = z.input<typeof productSearchBody>;
/**
 * product-type: search one type (PRODUCT_READ in its unit); business-unit: every type of a unit;
 * neither: every business unit (PRODUCT_SEARCH_ADMIN). sort: keyCode, publishDate, createdDate,
 * lastModifiedDate, id or attribute.{definitionId}.
 */
export const productSearchQuery = pageQuery.extend({
  'product-type': idSchema.optional(),
  'business-unit': idSchema.optional(),
});
export const productListItemSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  productTypeId: z.number(),
  productTypeName: z.string(),
  keyCode: z.string(),
  publishDate: z.string().nullable(),
  publishState: z.enum(PUBLISH_STATES),
  attributeValues: z.array(attributeValueSchema),
  productGroups: z.number(),
  lastModifiedDate: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productSearchPageSchema = z.object({ items: z.array(productListItemSchema), pageable: pageableSchema });

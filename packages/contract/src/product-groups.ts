import { z } from 'zod';
import { bodyId, idSchema, intInput, pageQuery, searchText, versionField } from './common.js';
import { catalogueNameSchema } from './product-types.js';

/**
 * What DELETE api/product-groups/{id} removes besides the group (default NONE):
 * NONE: the group only; its products stay (those in no other group become orphans).
 * ORPHANED_PRODUCTS: also its products that belong to no other group.
 */
export const DELETE_TYPES = ['NONE', 'ORPHANED_PRODUCTS'] as const;
export type DeleteType = (typeof DELETE_TYPES)[number];
export const productGroupDeleteQuery = z.object({ 'delete-type': z.enum(DELETE_TYPES).default('NONE') });

export const productGroupSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  productTypeId: z.number(),
  name: z.string(),
  products: z.array(z.object({ id: z.number(), keyCode: z.string() })),
  remarks: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Documents come with the documents area; 0 until then. */
  documents: z.number(),
  version: z.number(),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;
export const productGroupListItemSchema = productGroupSchema.omit({ products: true, remarks: true }).extend({
  productCount: z.number(),
  remarkCount: z.number(),
});
export type ProductGroupListItem = z.infer<typeof productGroupListItemSchema>;

const groupFields = {
  name: catalogueNameSchema,
  productTypeId: bodyId(),
  productIds: z.array(bodyId()).max(100_000).default([]),
  remarkIds: z.array(bodyId()).max(500).default([]),
};
export const productGroupCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...groupFields });
export const productGroupUpdateBody = z.object({ id: bodyId(), version: versionField, ...groupFields });
export type ProductGroupCreateBody = z.input<typeof productGroupCreateBody>;
export type ProductGroupUpdateBody = z.input<typeof productGroupUpdateBody>;

/** One of product-type or business-unit is required; the list answers an array with x-total-count. */
export const productGroupListQuery = z
  .object({
    'product-type': idSchema.optional(),
    'business-unit': idSchema.optional(),
    'orphans-only': z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    search: searchText().optional(),
    page: pageQuery.shape.page,
    size: intInput(1, 2000).default(2000),
    sort: z
      .string()
      .regex(/^(name|id|productCount)(,(asc|desc))?$/i, 'Pattern')
      .optional(),
  })
  .refine((q) => q['business-unit'] !== undefined || q['product-type'] !== undefined, { error: 'NotNull', path: ['business-unit'] });

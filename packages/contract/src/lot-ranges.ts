import { z } from 'zod';
import { bodyId, idSchema, nameText, versionField } from './common.js';
import { catalogueNameSchema } from './product-types.js';

/** Each lot number is under 250 characters. */
export const LOT_NUMBER_MAX = 249;

export const lotRangeSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  productTypeId: z.number(),
  name: z.string(),
  numbers: z.array(z.string()),
  /** Past or present: retracted from the public site (kept here). */
  archiveDate: z.string().nullable(),
  archived: z.boolean(),
  /** Applies to every product of its product type. */
  appliesToAll: z.boolean(),
  version: z.number(),
});
export type LotRange = z.infer<typeof lotRangeSchema>;

/**
 * A lot range inside a product create/update. With an id it names an existing range of the
 * business unit (and updates it); without one (or -1) it creates one. The server checks each entry
 * itself so that every lot-range error of spec 001 §8 has its own key.
 */
export const lotRangeInput = z.object({
  id: bodyId(-1).nullish(),
  name: catalogueNameSchema,
  numbers: z.array(nameText().trim().min(1, 'NotBlank').max(LOT_NUMBER_MAX, 'Size')).min(1, 'NotEmpty').max(10_000),
  archiveDate: z.iso.datetime({ offset: true }).nullable().default(null),
  appliesToAll: z.boolean().default(false),
  version: versionField.optional(),
});
export type LotRangeInput = z.input<typeof lotRangeInput>;

/** A lot range with the products it is linked to (review-lot-ranges and the archived page). */
export const lotRangeReviewSchema = lotRangeSchema.extend({
  productTypeName: z.string(),
  products: z.array(z.object({ id: z.number(), keyCode: z.string() })),
});
export const reviewLotRangesQuery = z
  .object({
    'business-unit': idSchema.optional(),
    'product-type': idSchema.optional(),
    /** true: only archived ranges; false: only current ones; absent: all. */
    archived: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  })
  .refine((q) => q['business-unit'] !== undefined || q['product-type'] !== undefined, { error: 'NotNull', path: ['business-unit'] });
/** Restores an archived lot range (clears its archive date) or archives it now. */
export const lotRangeArchiveBody = z.object({ archiveDate: z.iso.datetime({ offset: true }).nullable(), version: versionField });

import { z } from 'zod';
import { bodyId, idSchema, richText, searchText, versionField } from './common.js';
import { catalogueNameSchema } from './product-types.js';

/** Rich-text content (HTML) of at most this many characters; the server sanitises it. */
export const REMARK_CONTENT_MAX = 200_000;

export const productRemarkSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  visualizationOrder: z.number(),
  hcp: z.boolean(),
  patient: z.boolean(),
  /** Sanitised HTML. */
  content: z.string(),
  cloudStorageObjectKey: z.string().nullable(),
  productGroups: z.array(z.object({ id: z.number(), name: z.string() })),
  version: z.number(),
});
export type ProductRemark = z.infer<typeof productRemarkSchema>;

const remarkFields = {
  businessUnitId: idSchema,
  name: catalogueNameSchema,
  visualizationOrder: z.number().int().min(0).max(100_000).default(0),
  hcp: z.boolean().default(true),
  patient: z.boolean().default(false),
  /** Rich text: sanitised by the server before it is stored. */
  content: richText().max(REMARK_CONTENT_MAX, 'Size').default(''),
};
export const productRemarkCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...remarkFields });
export const productRemarkUpdateBody = z.object({ id: bodyId(), version: versionField, ...remarkFields });
export type ProductRemarkCreateBody = z.input<typeof productRemarkCreateBody>;
export const productRemarkListQuery = z.object({
  'business-unit': idSchema,
  search: searchText().optional(),
});
/** Answer of POST api/product-remarks/{id}/rtf: the stored object and the sanitised content taken from it. */
export const productRemarkRtfSchema = z.object({ cloudStorageObjectKey: z.string(), content: z.string() });

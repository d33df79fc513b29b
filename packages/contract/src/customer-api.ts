import { z } from 'zod';
import { idSchema, nameText, pageableSchema, pageQuery } from './common.js';

/** Error keys of the customer API (decision 0076). */
export const CustomerApiErrorKeys = {
  /** No bearer token, or one that fails a check (signature, issuer, audience, expiry): 401 with WWW-Authenticate. */
  invalidToken: 'error.customerApi.invalidToken',
  /** The CUSTOMER_API configuration is not enabled: the API answers nobody. */
  notEnabled: 'error.customerApi.notEnabled',
} as const;

/** The OpenAPI security scheme of the customer API: a bearer access token of the manufacturer's identity provider. */
export const CUSTOMER_API_SECURITY_SCHEME = 'customerApiToken';

export const customerUnitParams = z.object({ businessUnitId: idSchema });
export const customerProductParams = z.object({ businessUnitId: idSchema, productId: idSchema });
export const customerFileVersionParams = z.object({ businessUnitId: idSchema, fileVersionId: idSchema });

/** page (from 0), size (1 to 2000, default 10); `keyCode` an exact key code (case-insensitive); `productTypeId` one type. */
export const customerProductsQuery = pageQuery.omit({ sort: true }).extend({
  keyCode: nameText().trim().max(255, 'Size').optional(),
  productTypeId: idSchema.optional(),
});

/** A unit whose website is live: what the other calls name by `businessUnitId`. */
export const customerUnitSchema = z.object({ businessUnitId: z.number(), slug: z.string(), name: z.string() });
export const customerUnitsResponse = z.array(customerUnitSchema);

export const customerProductSchema = z.object({
  productId: z.number(),
  productTypeId: z.number(),
  productTypeName: z.string(),
  keyCode: z.string(),
  publishDate: z.iso.datetime(),
  /** The values of the product's text attributes, by attribute definition. */
  attributes: z.array(z.object({ attributeDefinitionId: z.number(), value: z.string() })),
});
export type CustomerProduct = z.infer<typeof customerProductSchema>;
export const customerProductPageSchema = z.object({ items: z.array(customerProductSchema), pageable: pageableSchema });

export const customerFileVersionSchema = z.object({
  fileVersionId: z.number(),
  label: z.string(),
  versionDate: z.iso.date(),
  validTo: z.iso.date().nullable(),
  publishDate: z.iso.datetime(),
  fileName: z.string().nullable(),
  size: z.number().nullable(),
  mediaType: z.string().nullable(),
  sha256: z.string().nullable(),
  /** The binary, with the same bearer token (path of this server). */
  downloadUrl: z.string(),
});
export const customerFileSchema = z.object({
  fileId: z.number(),
  name: z.string(),
  /** ISO 3166-1 alpha-2 codes. */
  countries: z.array(z.string()),
  /** ISO 639-1 codes. */
  languages: z.array(z.string()),
  restOfTheWorld: z.boolean(),
  /** The current version first, then the earlier ones still public. */
  versions: z.array(customerFileVersionSchema),
});
export const customerDocumentSchema = z.object({
  documentId: z.number(),
  number: z.string(),
  name: z.string(),
  documentTypeId: z.number(),
  files: z.array(customerFileSchema),
});
export type CustomerDocument = z.infer<typeof customerDocumentSchema>;
export const customerDocumentsResponse = z.array(customerDocumentSchema);

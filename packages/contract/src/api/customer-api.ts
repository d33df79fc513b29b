import {
  CUSTOMER_API_SECURITY_SCHEME,
  customerDocumentsResponse,
  customerFileVersionParams,
  customerProductPageSchema,
  customerProductParams,
  customerProductsQuery,
  customerUnitParams,
  customerUnitsResponse,
  CustomerApiErrorKeys as E,
} from '../customer-api.js';
import { ErrorKeys } from '../errors.js';
import { SsoErrorKeys } from '../sso.js';
import { defineRoute } from './define.js';

const tags = ['customer-api'];
/** Called with an access token of the manufacturer's provider (client credentials), never a Vellum session token. */
const security = [{ [CUSTOMER_API_SECURITY_SCHEME]: [] }] as const;
const errors = [E.invalidToken, E.notEnabled, SsoErrorKeys.providerUnreachable] as const;

/**
 * The customer API (issue 23, decision 0076): a read-only JSON view of what the units' live
 * publications hold for everyone (no drafts, nothing scheduled for later, no restricted document),
 * for the manufacturer's own systems, behind the CUSTOMER_API configuration's provider.
 */
export const customerApi = {
  units: defineRoute({
    method: 'GET',
    path: '/api/public/v1/units',
    tags,
    summary: 'The business units whose website is live',
    description: 'An array with the total in x-total-count, by name.',
    security,
    response: { 200: customerUnitsResponse },
    errors,
  }),
  products: defineRoute({
    method: 'GET',
    path: '/api/public/v1/units/:businessUnitId/products',
    tags,
    summary: "The products of a unit's live publication",
    description:
      'Published products only (publish date passed), by product type and key code; `keyCode` matches exactly (case-insensitive). A unit without a live website answers 404.',
    security,
    params: customerUnitParams,
    query: customerProductsQuery,
    response: { 200: customerProductPageSchema },
    errors,
  }),
  productDocuments: defineRoute({
    method: 'GET',
    path: '/api/public/v1/units/:businessUnitId/products/:productId/documents',
    tags,
    summary: "A live product's public documents, their files and versions, with download URLs",
    description:
      'Documents open to everyone (restricted ones are left out), each file with its published versions, the current one first, each with the URL of its binary. An array with the total in x-total-count.',
    security,
    params: customerProductParams,
    response: { 200: customerDocumentsResponse },
    errors,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/public/v1/units/:businessUnitId/file-versions/:fileVersionId/download',
    tags,
    summary: 'Downloads the binary of a published file version',
    description:
      'Streamed with Content-Length, Content-Disposition, ETag (304) and single byte ranges (206, 416). Only a version of a document open to everyone, while it is public.',
    security,
    params: customerFileVersionParams,
    errors: [...errors, ErrorKeys.notFound],
  }),
};

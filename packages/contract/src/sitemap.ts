import { z } from 'zod';
import { idSchema, intInput, pageQuery, searchText } from './common.js';

/**
 * The sitemap of a business unit's public website (issue 12, decision 0043): administration →
 * sitemap lists, from the live publication, each product and each document with the URL a label
 * prints, and exports the UDI-DIs with their persistent URLs for EUDAMED. Right DOCUMENT_SITEMAP.
 */

/** GET api/sitemap: page (from 0), size (default 20), search (a part of a key code, document number or name). */
export const sitemapListQuery = z.object({
  'business-unit': idSchema,
  page: pageQuery.shape.page,
  size: intInput(1, 2000).default(20),
  search: searchText().optional(),
});
export type SitemapListQuery = z.input<typeof sitemapListQuery>;

export const SITEMAP_ENTRY_KINDS = ['PRODUCT', 'DOCUMENT'] as const;

/** One product or document of the live publication with the URL a label prints. */
export const sitemapEntrySchema = z.object({
  kind: z.enum(SITEMAP_ENTRY_KINDS),
  /** The product's or the document's id. */
  id: z.number(),
  /** A product's type. */
  productTypeName: z.string().nullable(),
  /** A product's key code. */
  keyCode: z.string().nullable(),
  /** A product's UDI-DI: its key code as GTIN-14 when the key code is a valid GTIN. */
  udiDi: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentName: z.string().nullable(),
  /**
   * Absolute URL: the GS1 Digital Link /site/{bu}/01/{gtin} of the product (a document's: of its
   * first product) when its key code is a GTIN, else its persistent URL /site/{bu}/p/{productId}
   * (decision 0049); null when there is none (a document without a public product, a product its
   * audience does not see).
   */
  url: z.string().nullable(),
  /** Whether url is persistent: it answers through the visitor's choice, and even once the product is gone (410). */
  persistent: z.boolean(),
  /** The GS1 element string of the GTIN, `(01){gtin14}`, for a GS1 DataMatrix; null without a GTIN. */
  elementString: z.string().nullable(),
});
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

/** GET api/sitemap/eudamed.csv */
export const sitemapCsvQuery = z.object({ 'business-unit': idSchema });

/** The columns of the EUDAMED export, in order. */
export const EUDAMED_CSV_COLUMNS = ['UDI-DI', 'Persistent URL', 'Key code', 'Product type'] as const;

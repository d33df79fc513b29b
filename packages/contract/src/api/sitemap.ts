import { z } from 'zod';
import { sitemapCsvQuery, sitemapEntrySchema, sitemapListQuery } from '../sitemap.js';
import { defineRoute } from './define.js';

const tags = ['sitemap'];

/** The label URLs of a unit's live publication and their EUDAMED export. */
export const sitemapApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/sitemap',
    tags,
    summary: "The products and documents of a business unit's live publication, with the URL a label prints",
    description:
      'Products in key-code order, then documents in number order; search matches a part of a key code, document number or name. ' +
      'url is absolute: the GS1 Digital Link /site/{bu}/01/{gtin} when the key code (a document: its first product’s) is a valid GTIN, ' +
      "else the product's page for the site's default country, language and audience. page (from 0) and size (default 20); " +
      'the total is in x-total-count. Empty before the first publish.',
    query: sitemapListQuery,
    response: { 200: z.array(sitemapEntrySchema) },
  }),
  /** A CSV attachment (a download, not JSON). */
  eudamedCsv: defineRoute({
    method: 'GET',
    path: '/api/sitemap/eudamed.csv',
    tags,
    summary: 'The UDI-DIs of the live products with their persistent URLs, as CSV for EUDAMED',
    description:
      'Columns: UDI-DI (GTIN-14), Persistent URL, Key code, Product type; only products whose key code is a valid GTIN. ' +
      'RFC 4180 quoting, CRLF line ends, UTF-8, as an attachment.',
    query: sitemapCsvQuery,
    produces: ['text/csv'],
    response: { 200: z.string().describe('text/csv') },
  }),
};

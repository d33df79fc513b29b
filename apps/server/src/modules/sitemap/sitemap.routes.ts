import { sitemapCsvQuery, sitemapEntrySchema, sitemapListQuery } from '@vellum/contract';
import { z } from 'zod';
import { unitFromQuery } from '../../platform/access.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { eudamedCsv, listSitemap } from './sitemap.service.js';

const tags = ['sitemap'];
const access = { right: 'DOCUMENT_SITEMAP', unit: unitFromQuery('business-unit') } as const;

export const sitemapRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/sitemap',
    {
      config: { access },
      schema: {
        tags,
        summary: "The products and documents of a business unit's live publication, with the URL a label prints",
        description:
          'Products in key-code order, then documents in number order; search matches a part of a key code, document number or name. ' +
          'url is absolute: the GS1 Digital Link /site/{bu}/01/{gtin} when the key code (a document: its first product’s) is a valid GTIN, ' +
          "else the product's page for the site's default country, language and audience. page (from 0) and size (default 20); " +
          'the total is in x-total-count. Empty before the first publish.',
        querystring: sitemapListQuery,
        response: { 200: z.array(sitemapEntrySchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listSitemap(deps, req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/sitemap/eudamed.csv',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The UDI-DIs of the live products with their persistent URLs, as CSV for EUDAMED',
        description:
          'Columns: UDI-DI (GTIN-14), Persistent URL, Key code, Product type; only products whose key code is a valid GTIN. ' +
          'RFC 4180 quoting, CRLF line ends, UTF-8, as an attachment.',
        querystring: sitemapCsvQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (req, reply) => {
      const { csv, slug } = await eudamedCsv(deps, req.query['business-unit']);
      const name = `eudamed-${slug ?? req.query['business-unit']}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

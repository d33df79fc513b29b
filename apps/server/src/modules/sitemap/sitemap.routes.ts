import { sitemapApi as api } from '@vellum/contract';
import { unitFromQuery } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { type RouteOptions, route } from '../../platform/route.js';
import { eudamedCsv, listSitemap } from './sitemap.service.js';

const opts: RouteOptions = { access: { right: 'DOCUMENT_SITEMAP', unit: unitFromQuery('business-unit') } };

export const sitemapRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.list, opts, async (req, reply) => {
    const { items, total } = await listSitemap(deps, req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.eudamedCsv, opts, async (req, reply) => {
    const { csv, slug } = await eudamedCsv(deps, req.query['business-unit']);
    const name = `eudamed-${slug ?? req.query['business-unit']}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};

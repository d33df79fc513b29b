import { documentDownloadsApi as api } from '@vellum/contract';
import { unitFromQuery } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { type RouteOptions, route } from '../../platform/route.js';
import { downloadStats, listDownloads } from './document-downloads.service.js';

const opts: RouteOptions = { access: { right: 'DOCUMENT_DOWNLOADS', unit: unitFromQuery('business-unit') } };

export const documentDownloadsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.list, opts, (req) => listDownloads(deps, req.query));
  route(app, api.stats, opts, (req) => downloadStats(deps, req.query));
};

import type { FastifyInstance } from 'fastify';
import { siteAssetRoutes } from './site-assets.js';
import type { SiteMode } from './site-mode.js';
import { suggestRoutes } from './site-suggest.js';

/**
 * What the site's small scripts need from the server (decision 0046): the built scripts (once,
 * for both modes: they are the same for every unit) and the type-ahead's suggestions (per mode).
 */
export function islandPages(app: FastifyInstance, mode: SiteMode) {
  if (mode.prefix === '/site') siteAssetRoutes(app);
  suggestRoutes(app, mode);
}

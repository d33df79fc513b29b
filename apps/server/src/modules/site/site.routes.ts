import type { FastifyInstance } from 'fastify';
import { siteAccessPages } from './site-access.js';
import { chooserPages } from './site-chooser.js';
import { loadSite } from './site-context.js';
import { documentSearchPages } from './site-document-search.js';
import { filePages } from './site-files.js';
import { gs1Pages } from './site-gs1.js';
import { siteIndexRoutes } from './site-index.js';
import { islandPages } from './site-islands.js';
import type { SiteMode } from './site-mode.js';
import { paperCopyPages } from './site-paper-copy.js';
import { sitePreview } from './site-preview.js';
import { productPages } from './site-product.js';
import { searchPages } from './site-search.js';
import { sheetPages, siteCssRoute } from './site-sheets.js';
import { siteSsoPages } from './site-sso.js';
import { siteUnavailablePage } from './site-unavailable.js';

/**
 * The public website (issue 12, decision 0039): server-rendered pages under /site/{bu}, answered
 * from the unit's live publication through the public read model only. Plain links and GET forms:
 * every page works without JavaScript. HTML routes are public and kept out of the OpenAPI document.
 * Each group of pages is its own file; this one registers them for visitors and for previews.
 */
export async function siteRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  siteCssRoute(app);
  sitePages(app, { prefix: '/site', load: (_req, bu, now) => loadSite(db, bu, now) });
  sitePreview(app, sitePages);
  siteIndexRoutes(app);
  siteUnavailablePage(app);
}

/** The pages of a unit's site under the mode's prefix, answered from the publication the mode loads. */
export function sitePages(app: FastifyInstance, mode: SiteMode) {
  sheetPages(app, mode);
  chooserPages(app, mode);
  searchPages(app, mode);
  productPages(app, mode);
  filePages(app, mode);
  siteAccessPages(app, mode);
  siteSsoPages(app, mode);
  documentSearchPages(app, mode);
  paperCopyPages(app, mode);
  gs1Pages(app, mode);
  islandPages(app, mode);
}

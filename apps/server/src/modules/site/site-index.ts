import { englishTexts, renderHtml, SitesPage, siteRoot } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { publishedSites } from '../public-read/index.js';
import { loadSite } from './site-context.js';
import { seeOther, sendPage } from './site-http.js';
import { sendNotFound } from './site-pages.js';

const html = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * `/site` alone, and anything under /site no page answers (decision 0048). `/site` offers every
 * unit's published website (a 303 to the only one), never a dead end; anything else is the site's
 * 404 page, never the admin app, with a way back to `/site` when no unit is known.
 */
export function siteIndexRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/site', html, async (req, reply) => {
    const now = new Date();
    const sites = await publishedSites(db, now);
    if (sites.length === 1) return seeOther(reply, siteRoot(sites[0].slug), { kind: 'none' });
    const page = createElement(SitesPage, {
      language: { isoCode: 'en', rtl: false },
      t: englishTexts,
      sites: sites.map((s) => ({ name: s.name, url: siteRoot(s.slug) })),
    });
    // a publish anywhere changes the list: a short private life, no ETag to hold on to
    return sendPage(req, reply, 200, renderHtml(page), { kind: 'private' }, now);
  });

  const unknown = async (req: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const bu = (req.params as { '*'?: string })['*']?.split('/')[0] ?? '';
    return sendNotFound(req, reply, await loadSite(db, bu, now), now);
  };
  app.get('/site/*', html, unknown);
}

import { createHash } from 'node:crypto';
import { SITE_CSS, themeCss } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBinary } from '../../platform/binaries.js';
import { sendImage } from '../../platform/images.js';
import type { LivePublication } from '../public-read/index.js';
import { siteImageKeys } from './site-context.js';
import { notModified, pageEtag } from './site-http.js';
import type { SiteMode } from './site-mode.js';
import { sendNotFound } from './site-pages.js';
import { mediaParams, paramsOf, resourceParams, unitParams } from './site-params.js';

/**
 * What a page of the site links besides itself: the site's own style sheet (the same for every
 * unit), and per unit its theme colours, its own CSS, the images its site names and the public
 * resources of its layout, all from the publication the mode loads.
 */
const html = { config: { access: 'public' as const }, schema: { hide: true } };

/** The site's own style sheet, once for both modes. */
export function siteCssRoute(app: FastifyInstance) {
  const etag = `"${createHash('sha256').update(SITE_CSS).digest('base64url').slice(0, 27)}"`;
  app.get('/site/_assets/site.css', html, async (req, reply) => {
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').header('etag', etag);
    if (notModified(req, etag)) return reply.code(304).send();
    return reply.send(SITE_CSS);
  });
}

export function sheetPages(app: FastifyInstance, mode: SiteMode) {
  const { files } = app.deps;
  const at = mode.prefix;

  /** A style sheet of the live publication (theme colours, the unit's own CSS); versioned by publication id. */
  async function sendSheet(req: FastifyRequest, reply: FastifyReply, css: (live: LivePublication) => string) {
    const now = new Date();
    const state = await mode.load(req, paramsOf(unitParams, req).bu, now);
    if (state.kind === 'unknown') return sendNotFound(req, reply, state, now);
    const etag = pageEtag(state.live.publicationId, req.routeOptions.url ?? req.url, null);
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', state.preview ? 'no-store' : 'public, max-age=300')
      .header('etag', etag);
    if (notModified(req, etag)) return reply.code(304).send();
    return reply.send(css(state.live));
  }
  app.get(`${at}/:bu/style.css`, html, (req, reply) => sendSheet(req, reply, (live) => live.site.layout.cssContent));
  app.get(`${at}/:bu/theme.css`, html, (req, reply) => sendSheet(req, reply, (live) => themeCss(live.site.layout)));

  // images of the live site by storage key: only the keys its site document names
  app.get(`${at}/:bu/media/*`, html, async (req, reply) => {
    const now = new Date();
    const p = paramsOf(mediaParams, req);
    const state = await mode.load(req, p.bu, now);
    if (state.kind === 'unknown' || !siteImageKeys(state.live.site).has(p['*'])) return sendNotFound(req, reply, state, now);
    return sendImage(req, reply, files, p['*'], 'image');
  });

  // public resources of the layout by name
  app.get(`${at}/:bu/resources/:name`, html, async (req, reply) => {
    const now = new Date();
    const p = paramsOf(resourceParams, req);
    const state = await mode.load(req, p.bu, now);
    const resource = state.kind === 'unknown' ? undefined : state.live.site.layout.publicResources.find((r) => r.name === p.name);
    if (!resource) return sendNotFound(req, reply, state, now);
    return sendBinary(req, reply, files, {
      key: resource.storageKey,
      size: resource.size,
      mediaType: resource.mediaType,
      sha256: resource.sha256,
      fileName: resource.name,
      disposition: 'inline',
    });
  });
}

import { digitalLinkPath, type Gs1Error, parseDigitalLink } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productByGtin, productById } from '../../public-read/index.js';
import { loadSite } from '../site-context.js';
import { CHOICE_COOKIE, id, readCookie } from '../site-http.js';
import { type SiteMode, siteAnswers } from '../site-mode.js';
import { sendNotFound } from '../site-pages.js';
import { badUrlPages } from './bad-url.js';
import { type ResolverTarget, resolve } from './resolver.js';
import { corsHeaders, sendOptions } from './resolver-http.js';
import { sendBadLink } from './resolver-pages.js';
import { wellKnownRoutes } from './well-known.js';

/**
 * The GS1 resolver's routes under a unit's site (decision 0049), and on a host bound to the unit
 * at its root (site-hosts.ts rewrites `/01/…` to `/site/{bu}/01/…`):
 *
 * - `/01/{gtin}…` and `/gtin/{gtin}…`: a GS1 Digital Link (qualifiers in the path, data attributes
 *   in the query), or `/01/{gtin}/{compressed}`;
 * - `/{compressed}`: a compressed Digital Link (one segment of at least 10 base 64 characters that
 *   decompresses; any other single segment is the site's 404, as before);
 * - `/p/{productId}`: the persistent URL of a product, with or without a GTIN (labels of products
 *   whose key code is no GTIN);
 *
 * each with GET, HEAD and OPTIONS. A syntax error answers the site's 400 page; a valid link of a
 * key other than the GTIN, or of a GTIN no publication listed, the site's 404.
 */

const html = { config: { access: 'public' as const }, schema: { hide: true } };
type Params = Record<string, string>;

/** Reasons that mean "valid GS1, but nothing here" (404) rather than a syntax error (400). */
const NOT_HERE: Gs1Error[] = ['unsupportedKey', 'noGtin', 'empty'];

export function resolverPages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);

  /** The unit's site for a resolver request (CORS on the 404 and 503 too), or null when answered. */
  async function siteFor(req: FastifyRequest, reply: FastifyReply, now: Date) {
    corsHeaders(reply);
    const remembered = readCookie(req, CHOICE_COOKIE)?.split('.') ?? [];
    return liveOrAnswer(req, reply, (req.params as Params).bu, now, remembered[1]);
  }

  /** A Digital Link: the raw path (a lot may hold an encoded slash, which the router's decoded parameter would split). */
  async function digitalLink(req: FastifyRequest, reply: FastifyReply, single: boolean) {
    const now = new Date();
    const s = await siteFor(req, reply, now);
    if (!s) return;
    const rest = req.url.slice(`${at}/${(req.params as Params).bu}`.length);
    const q = rest.indexOf('?');
    const [path, query] = q < 0 ? [rest, ''] : [rest.slice(0, q), rest.slice(q + 1)];
    const parsed = parseDigitalLink(path, query);
    if (!parsed.ok) {
      // one segment that is no compressed link is no link at all: the site's 404, as any unknown page
      if (NOT_HERE.includes(parsed.reason) || (single && parsed.reason === 'badCompression')) return sendNotFound(req, reply, s, now);
      return sendBadLink(req, reply, s, now);
    }
    const dl = parsed.value;
    const target: ResolverTarget = {
      path: digitalLinkPath(dl),
      gtin14: dl.gtin14,
      lot: dl.lot,
      linkType: dl.params.find(([k]) => k === 'linkType')?.[1],
      compressed: dl.compressed,
      find: (audience) => productByGtin(db, s.live, { gtin14: dl.gtin14, audience }, now),
    };
    return resolve(app, req, reply, s, target, now);
  }

  const options = (_req: FastifyRequest, reply: FastifyReply) => sendOptions(reply);
  for (const key of ['01', 'gtin']) {
    app.get(`${at}/:bu/${key}/*`, html, (req, reply) => digitalLink(req, reply, false));
    app.options(`${at}/:bu/${key}/*`, html, options);
  }
  app.get(`${at}/:bu/:compressed`, html, async (req, reply) => {
    if (/^[A-Za-z0-9_-]{10,}$/.test((req.params as Params).compressed)) return digitalLink(req, reply, true);
    // any other page of one segment is none, as before the resolver (a preview's too, without asking for it)
    const now = new Date();
    return sendNotFound(req, reply, await loadSite(db, mode.prefix === '/site' ? (req.params as Params).bu : '', now), now);
  });
  app.options(`${at}/:bu/:compressed`, html, options);

  app.get(`${at}/:bu/p/:productId`, html, async (req, reply) => {
    const now = new Date();
    const s = await siteFor(req, reply, now);
    if (!s) return;
    const productId = id((req.params as Params).productId);
    if (productId === undefined) return sendNotFound(req, reply, s, now);
    const q = req.url.indexOf('?');
    const query = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
    const target: ResolverTarget = {
      path: `/p/${productId}`,
      gtin14: null,
      linkType: query.get('linkType') ?? undefined,
      compressed: false,
      find: (audience) => productById(db, s.live, { productId, audience }, now),
    };
    return resolve(app, req, reply, s, target, now);
  });
  app.options(`${at}/:bu/p/:productId`, html, options);

  // the description file is the visitors' only (a preview is no resolver); broken addresses once for all of /site
  if (mode.prefix === '/site') {
    wellKnownRoutes(app, mode);
    badUrlPages(app);
  }
}

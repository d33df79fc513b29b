import { type AudienceSegment, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultChoice, type LivePublication, productPageCount, productPages } from '../public-read/index.js';
import { absolute } from '../sitemap/sitemap.service.js';
import { type LoadedSite, pageLanguage } from './site-context.js';
import { id, maxAgeOf, notModified, pageEtag } from './site-http.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { sendNotFound } from './site-pages.js';

/**
 * `/site/{bu}/sitemap.xml` (decision 0043): every product page of the live publication, once per
 * interface language, for the site's first country and its first audience (HCP when offered);
 * `<lastmod>` is the live publication's date. More than 50,000 URLs make it a sitemap index whose
 * parts are `sitemap.xml?part=N` (products by id, each in every language). Visitors' mode only.
 */

const html = { config: { access: 'public' as const }, schema: { hide: true } };
/** The sitemaps protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** The choices a sitemap names pages for: one per interface language. */
function choices(live: LivePublication) {
  return live.site.languages
    .map((l) => defaultChoice(live.site, l.isoCode))
    .filter((c) => c !== null)
    .map((c) => ({ country: c.country, language: c.language, audience: c.audience.toLowerCase() as AudienceSegment }));
}

function sendXml(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, body: string, now: Date) {
  // the products it lists change with the publication's scheduled dates: tied to its change window
  const etag = pageEtag(s.live.publicationId, req.url, s.window?.since);
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', `public, max-age=${maxAgeOf({ window: s.window }, now)}`)
    .header('etag', etag);
  if (notModified(req, etag)) return reply.code(304).send();
  return reply.send(body);
}

export function siteMapRoutes(app: FastifyInstance, mode: SiteMode) {
  const { db, config } = app.deps;
  const { liveOrAnswer } = siteAnswers(mode);

  app.get(`${mode.prefix}/:bu/sitemap.xml`, html, async (req, reply) => {
    const now = new Date();
    const s = await liveOrAnswer(req, reply, (req.params as Record<string, string>).bu, now);
    if (!s) return;
    const { live } = s;
    const q = req.query as Record<string, unknown>;
    const part = q.part === undefined ? undefined : id(q.part);
    const lastmod = live.createdDate.toISOString();
    const all = choices(live);
    const audience = defaultChoice(live.site)?.audience;
    const products = audience && all.length > 0 ? await productPageCount(db, live, audience, now) : 0;
    const perPart = Math.max(1, Math.floor(SITEMAP_MAX_URLS / Math.max(1, all.length)));
    const parts = Math.ceil(products / perPart);
    const notFound = () => sendNotFound(req, reply, s, now, pageLanguage(live.site, undefined).isoCode);
    if (q.part !== undefined && (part === undefined || part > parts || products * all.length <= SITEMAP_MAX_URLS)) return notFound();

    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    if (part === undefined && products * all.length > SITEMAP_MAX_URLS) {
      const entries = Array.from(
        { length: parts },
        (_, i) =>
          `<sitemap><loc>${xmlEscape(absolute(config, siteUrls.siteMap(s.root, i + 1)))}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
      );
      return sendXml(
        req,
        reply,
        s,
        `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
        now,
      );
    }
    const slice = part === undefined ? { limit: perPart, offset: 0 } : { limit: perPart, offset: (part - 1) * perPart };
    const found = audience ? await productPages(db, live, audience, now, slice) : [];
    const urls: string[] = [];
    for (const p of found) {
      for (const c of all) {
        const loc = absolute(config, siteUrls.product(s.root, c, p.productTypeSlug, p.segment));
        urls.push(`<url><loc>${xmlEscape(loc)}</loc><lastmod>${lastmod}</lastmod></url>`);
      }
    }
    return sendXml(
      req,
      reply,
      s,
      `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`,
      now,
    );
  });
}

import { siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productTypes, suggestValues } from '../public-read/index.js';
import { id, maxAgeOf, notModified, type PageCaching, pageEtag, text } from './site-http.js';
import { siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, sendNotFound } from './site-pages.js';

/**
 * Suggestions while typing (decision 0046):
 * `GET …/{country}/{language}/{audience}/{type}/_suggest?field=keyCode|a{id}&q=…` answers
 * `{suggestions: [{value, url?}]}` from the live publication through the read model only: at most
 * ten values of a partial-search field the audience can search, from two characters; a key code
 * comes with its product's URL. Any other field answers no suggestions. Cached like the pages
 * (public, ETag of the publication and the URL; a preview never), limited per address.
 */
export const SUGGESTIONS_PER_MINUTE = 300;

type Params = Record<string, string>;

export function suggestRoutes(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const { withChoice } = siteAnswers(mode);
  const suggestLimit = siteLimit(app, `suggest:${mode.prefix}`, SUGGESTIONS_PER_MINUTE);
  app.get(
    `${mode.prefix}/:bu/:country/:language/:audience/:type/_suggest`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const now = new Date();
      const ok = await withChoice(req, reply, now);
      if (!ok) return;
      const { s, live, v } = ok;
      // the site's own limit (decision 0039); the script shows nothing on a refusal, the form still works
      const limit = await suggestLimit(req);
      if (!limit.allowed) {
        reply.header('cache-control', 'no-store').header('retry-after', String(Math.max(1, limit.retryAfter)));
        return reply
          .code(429)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ suggestions: [] }));
      }
      const q = req.query as Record<string, unknown>;
      const type = productTypes(live.site, v.audience, v.choice.language).find((t) => t.slug === (req.params as Params).type);
      if (!type) return sendNotFound(req, reply, s, now, v.choice.language);
      const param = text(q.field);
      const field = param === 'keyCode' ? 'keyCode' : param?.startsWith('a') ? id(param.slice(1)) : undefined;
      const values =
        field === undefined
          ? null
          : await suggestValues(db, live, { productTypeSlug: type.slug, audience: v.audience, field, text: text(q.q) ?? '' }, now);
      const suggestions = (values ?? []).map((value) =>
        field === 'keyCode' ? { value, url: siteUrls.product(s.root, v.choice, type.slug, value) } : { value },
      );
      return sendJson(req, reply, { suggestions }, cachingOf(s), now);
    },
  );
}

/** A JSON answer of the site, cached like its pages: ETag and max-age of the publication's change window (decision 0039). */
function sendJson(req: FastifyRequest, reply: FastifyReply, body: unknown, caching: PageCaching, now: Date) {
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('x-robots-tag', 'noindex');
  if (caching.kind !== 'public') return reply.header('cache-control', 'no-store').send(JSON.stringify(body));
  const etag = pageEtag(caching.publicationId, req.url, caching.window?.since);
  reply.header('cache-control', `public, max-age=${maxAgeOf(caching, now)}`).header('etag', etag);
  if (notModified(req, etag)) return reply.code(304).send();
  return reply.send(JSON.stringify(body));
}

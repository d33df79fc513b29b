import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import { renderHtml, TooManyRequestsPage } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { NamedLimit } from '../../platform/rate-limit-store.js';
import { type LoadedSite, pageLanguage, textsOf, unitView } from './site-context.js';
import { pageHeaders } from './site-http.js';

/**
 * Rate limits of the public website (issue 12: searches and e-mail links): per client address
 * (behind a proxy, set TRUST_PROXY), each limit with its own counters. A visitor over the limit
 * gets the site's own 429 page in their language with Retry-After, never the API's JSON.
 */

/** Searches per minute from one address: more than people at one hospital's address would type. */
export const SEARCHES_PER_MINUTE = 120;

export type SiteLimit = (req: FastifyRequest) => Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;

/**
 * A limit of `max` requests per window (a minute unless given) per key (the client address unless
 * given; requests whose key is empty are counted together). Every limit of the site is one of these;
 * its name, unique in the app, is what every process on the database counts under (decision 0068).
 */
export function siteLimit(
  app: FastifyInstance,
  limitName: string,
  max: number,
  options: { windowMs?: number; keyOf?: (req: FastifyRequest) => string } = {},
): SiteLimit {
  const limit: NamedLimit & CreateRateLimitOptions = {
    limitName,
    max,
    timeWindow: options.windowMs ?? 60_000,
    keyGenerator: options.keyOf ?? ((req) => req.ip),
  };
  const check = app.createRateLimit(limit);
  return async (req) => {
    const r = await check(req);
    return r.isAllowed || !r.isExceeded ? { allowed: true } : { allowed: false, retryAfter: r.ttlInSeconds };
  };
}

/** The site's 429 page, in the visitor's language, never cached. */
export function sendTooMany(reply: FastifyReply, site: LoadedSite, retryAfter: number, language?: string) {
  const lang = pageLanguage(site.live.site, language);
  const html = renderHtml(
    createElement(TooManyRequestsPage, { unit: unitView(site, lang.isoCode), language: lang, t: textsOf(site.live.site, lang.isoCode) }),
  );
  pageHeaders(reply)
    .header('cache-control', 'no-store')
    .header('retry-after', String(Math.max(1, retryAfter)));
  return reply.code(429).send(html);
}

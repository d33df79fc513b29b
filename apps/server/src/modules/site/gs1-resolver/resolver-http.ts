import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoadedSite } from '../site-context.js';

/**
 * HTTP details of the GS1 resolver (decision 0049): CORS on every answer (GS1-Conformant resolver
 * 2.2), content negotiation of the linkset (2.9, 2.10), the visitor's languages (2.6.3), absolute
 * URLs on the public base URL or the unit's own host, and the query string passed on (2.12).
 */

export const RESOLVER_METHODS = 'GET, HEAD, OPTIONS';

/** CORS for any origin: the resolver's answers are public; `Link` (and `Location`) readable by a script. */
export function corsHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', RESOLVER_METHODS)
    .header('access-control-allow-headers', 'Accept, Accept-Language')
    .header('access-control-expose-headers', 'Link, Location, Content-Type')
    .header('cross-origin-resource-policy', 'cross-origin');
}

/** The answer to a preflight or an OPTIONS request: what the resolver allows. */
export function sendOptions(reply: FastifyReply) {
  return corsHeaders(reply).header('allow', RESOLVER_METHODS).header('access-control-max-age', '86400').code(204).send();
}

interface MediaRange {
  type: string;
  q: number;
}

function mediaRanges(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header.split(',').map((part) => {
    const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const n = q ? Number(q.slice(2)) : 1;
    return { type, q: Number.isFinite(n) ? n : 0 };
  });
}

/** The JSON forms of a linkset, most specific first. */
export type LinksetMediaType = 'application/linkset+json' | 'application/ld+json' | 'application/json';
const JSON_TYPES: LinksetMediaType[] = ['application/linkset+json', 'application/ld+json', 'application/json'];

/**
 * The JSON form of the linkset the request's Accept names explicitly (not through a wildcard) and
 * prefers at least as much as HTML; null when it asks for none, or for HTML first (a browser).
 */
export function linksetMediaType(req: FastifyRequest): LinksetMediaType | null {
  const ranges = mediaRanges(req.headers.accept);
  const qOf = (type: string) => Math.max(0, ...ranges.filter((r) => r.type === type).map((r) => r.q));
  const html = Math.max(qOf('text/html'), qOf('application/xhtml+xml'));
  let best: LinksetMediaType | null = null;
  for (const type of JSON_TYPES) if (qOf(type) > 0 && qOf(type) >= html && (best === null || qOf(type) > qOf(best))) best = type;
  return best;
}

/** The primary language subtags the request's Accept-Language names, most wanted first. */
export function acceptedLanguages(req: FastifyRequest): string[] {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string') return [];
  return mediaRanges(header)
    .filter((r) => r.q > 0 && /^[a-z]{2,3}(-|$)/.test(r.type))
    .sort((a, b) => b.q - a.q)
    .map((r) => r.type.split('-')[0]);
}

/**
 * The origin absolute URLs of the resolver start with: the unit's own host name when the request
 * came through it (SITE_HOSTS names it, so the client cannot choose it), else the public base URL.
 * `bound`: the unit's site is the whole host, its links start at the root.
 */
export function originOf(req: FastifyRequest, s: LoadedSite): { origin: string; bound: boolean } {
  const { config } = req.server.deps;
  const base = new URL(config.publicUrl);
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const bound = !s.preview && config.siteHosts.get(host) === s.live.site.unit.slug;
  return { origin: bound ? `${base.protocol}//${host}` : base.origin, bound };
}

/**
 * The request's query string to pass on when redirecting (GS1-Conformant resolver 2.12): every
 * key=value pair as it came, but `linkType`, which the resolver has answered.
 */
export function queryToPassOn(req: FastifyRequest): string {
  const at = req.url.indexOf('?');
  if (at < 0) return '';
  return req.url
    .slice(at + 1)
    .split(/[&;]/)
    .filter((p) => p !== '' && p.split('=')[0] !== 'linkType')
    .join('&');
}

/** A URL with more query pairs after its own. */
export const withQuery = (url: string, query: string) => (query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url);

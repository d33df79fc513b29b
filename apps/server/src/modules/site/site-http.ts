import { createHash } from 'node:crypto';
import { INT4_MAX } from '@vellum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeWindow } from '../public-read/index.js';

/**
 * HTTP details of the public website's pages (decision 0039): their Content-Security-Policy,
 * caching, ETag, the remembered choice's cookie, and reading what a visitor sends.
 */

/**
 * No inline script or style anywhere: styles come from the site's, the theme's and the unit's own
 * sheets; scripts only from the site's own built files (decision 0046), which fetch suggestions
 * from the site itself; the camera scanner's picture is a MediaStream, not a URL.
 */
export const SITE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * How long a CDN or browser may reuse a page without asking: at most this, and never past the next
 * instant at which the publication changes by itself (a scheduled file appears, an archived one
 * goes), so a cache shows a scheduled file on its day. A new publish shows at most this late.
 */
export const PAGE_MAX_AGE = 60;

export type PageCaching =
  /**
   * Shared caches may keep it (the answer depends only on the URL, the live publication and its change
   * window, and on `variant`: what else, outside the publication, the page shows).
   */
  | { kind: 'public'; publicationId: number; window?: ChangeWindow; variant?: string }
  /** Depends on the visitor's cookie or language header. */
  | { kind: 'private' }
  | { kind: 'none' };

/**
 * The ETag of a page: the live publication, the whole URL (the visitor's choice is in it), the
 * last instant at which the publication changed by itself (its change window's start), and the
 * page's variant when it shows something the publication does not hold.
 */
export function pageEtag(publicationId: number, url: string, since: Date | null | undefined, variant?: string): string {
  const hash = createHash('sha256')
    .update(`${publicationId}\n${since ? since.getTime() : '-'}\n${url}${variant === undefined ? '' : `\n${variant}`}`)
    .digest('base64url')
    .slice(0, 27);
  return `W/"${hash}"`;
}

/** Whether the request's If-None-Match names the ETag (weak comparison, a list, or *). */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

/** Seconds a public answer may be reused: PAGE_MAX_AGE, or less when the publication changes by itself sooner. */
export function maxAgeOf(caching: { window?: ChangeWindow }, now: Date): number {
  const until = caching.window?.until;
  if (!until) return PAGE_MAX_AGE;
  return Math.max(0, Math.min(PAGE_MAX_AGE, Math.floor((until.getTime() - now.getTime()) / 1000)));
}

function cacheControl(caching: PageCaching, status: number, now: Date): string {
  if (caching.kind === 'public' && (status === 200 || status === 404)) {
    return `public, max-age=${maxAgeOf(caching, now)}`;
  }
  if (caching.kind === 'private') return 'private, no-cache';
  return 'no-store';
}

/** Headers of every site page: type, policy, no sniffing. */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', SITE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

/** Sends a rendered page with its status, caching and (for public pages) ETag; 304 when the client holds it. */
export function sendPage(req: FastifyRequest, reply: FastifyReply, status: number, html: string, caching: PageCaching, now: Date) {
  if (status === 200 && answeredNotModified(req, reply, caching, now)) return reply;
  pageHeaders(reply).header('cache-control', cacheControl(caching, status, now));
  if (caching.kind === 'public' && status === 200)
    reply.header('etag', pageEtag(caching.publicationId, req.url, caching.window?.since, caching.variant));
  if (caching.kind === 'private') reply.header('vary', 'Cookie, Accept-Language');
  return reply.code(status).send(html);
}

/**
 * Answers 304 when the request names the page's ETag, and says so: a page handler calls it as soon
 * as it knows the page's caching, before the page's statements and its rendering, since the ETag
 * depends on nothing else (the live publication, the URL, the change window, the variant). A proxy
 * that revalidates every request with its ETag (decision 0079) then costs a replica no page.
 */
export function answeredNotModified(req: FastifyRequest, reply: FastifyReply, caching: PageCaching, now: Date): boolean {
  if (caching.kind !== 'public' || !req.headers['if-none-match']) return false;
  const etag = pageEtag(caching.publicationId, req.url, caching.window?.since, caching.variant);
  if (!notModified(req, etag)) return false;
  pageHeaders(reply)
    .header('cache-control', cacheControl(caching, 200, now))
    .header('etag', etag)
    .code(304)
    .send();
  return true;
}

/** A 303 to a page of the site (after a form, or a single search hit). */
export function seeOther(reply: FastifyReply, location: string, caching: PageCaching) {
  reply.header('cache-control', cacheControl(caching, 303, new Date()));
  if (caching.kind === 'private') reply.header('vary', 'Cookie');
  return reply.code(303).header('location', location).send();
}

const MAX_TEXT = 200;

/** A text a visitor sent: one value, without control characters (NUL breaks PostgreSQL), trimmed, at most 200 characters. */
export function text(v: unknown): string | undefined {
  const one = Array.isArray(v) ? v[0] : v;
  if (typeof one !== 'string') return undefined;
  return one
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_TEXT);
}

/** A positive id of an integer column, or undefined. */
export function id(v: unknown): number | undefined {
  const s = text(v);
  if (!s || !/^[1-9][0-9]{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= INT4_MAX ? n : undefined;
}

/** The cookie that remembers a visitor's choice, one per unit (its path is the unit's site). */
export const CHOICE_COOKIE = 'site_choice';

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Remembers the choice for a year, on this unit's pages only (its site root); no script reads it. */
export function choiceCookie(req: FastifyRequest, root: string, value: string): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${CHOICE_COOKIE}=${encodeURIComponent(value)}; Path=${root}; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
}

import { previewRoot, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activeSession } from '../../platform/access.js';
import type { LivePublication } from '../public-read/index.js';
import { PREVIEW_GRANT, PREVIEW_RIGHTS, PREVIEW_SECONDS, PREVIEW_SESSION } from '../publishing/preview.service.js';
import { findAnyPublication } from '../publishing/publications.repo.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { isSlug, type SiteState } from './site-context.js';
import { readCookie } from './site-http.js';
import type { SiteMode } from './site-mode.js';
import { sendPreviewEnded } from './site-pages.js';
import { useGrantOnce } from './site-preview-grants.repo.js';

/**
 * A signed-in user's preview of the public website (issue 11, decision 0042): the same pages as
 * the visitors', under /site/_preview/{bu}, answered from a preview or any publication of the unit.
 * The one-time address of POST api/publish/preview sets a cookie for this unit's preview pages
 * only, once (its use is recorded in the database, so no other process accepts it either:
 * decision 0050); every request checks the cookie, the session it names (still signed in, user
 * active) and the right (PUBLISH or DOCUMENT_READ in the unit). Nothing is cached, indexed or
 * counted.
 */

const PREVIEW_COOKIE = 'site_preview';
const html = { config: { access: 'public' as const }, schema: { hide: true } };
const PREFIX = '/site/_preview';

function previewCookie(req: FastifyRequest, slug: string, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${PREVIEW_COOKIE}=${encodeURIComponent(value)}; Path=${previewRoot(slug)}; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure}`;
}

export function sitePreview(app: FastifyInstance, pages: (app: FastifyInstance, mode: SiteMode) => void) {
  const { db, tokens, accessCache } = app.deps;

  /** The publication a preview token names, if its session still counts and holds the right in its unit. */
  async function previewed(token: string | undefined, purpose: string, now: Date) {
    if (!token) return null;
    const found = await tokens.verifyFor(purpose, token);
    const unit = found?.claims.unit;
    const publication = found?.claims.publication;
    if (!found || typeof unit !== 'number' || typeof publication !== 'number') return null;
    const auth = await activeSession(db, accessCache, found.session.sessionId, found.session.userId);
    if (!auth || !PREVIEW_RIGHTS.some((r) => auth.rights.has(r, unit))) return null;
    const row = await findAnyPublication(db, publication);
    if (!row || row.businessUnitId !== unit) return null;
    if (row.kind === 'PREVIEW' && (!row.expiresAt || row.expiresAt <= now)) return null;
    // a publication carries its own site; its pub_* rows are its content's
    const site = row.site as PublishedSite;
    if (site.format !== 1) return null;
    const live: LivePublication = {
      publicationId: row.id,
      number: row.number ?? 0,
      kind: row.kind as LivePublication['kind'],
      createdDate: row.createdDate,
      businessUnitId: row.businessUnitId,
      contentId: row.contentId,
      site,
    };
    return { live, found, number: row.number, auth };
  }

  // the one-time address: its grant becomes this browser's preview of the unit's pages
  app.get(`${PREFIX}/_enter`, html, async (req, reply) => {
    const now = new Date();
    const grant = (req.query as Record<string, unknown>).grant;
    const p = await previewed(typeof grant === 'string' && grant.length < 2000 ? grant : undefined, PREVIEW_GRANT, now);
    if (!p) return sendPreviewEnded(reply);
    // once: a second use (a shared or leaked address, a replay) is refused like an ended preview
    const grantId = p.found.claims.jti;
    if (typeof grantId !== 'string' || !(await useGrantOnce(db, grantId, p.found.expiresAt, now))) return sendPreviewEnded(reply);
    const slug = p.live.site.unit.slug;
    const ends = new Date(Math.min(now.getTime() + PREVIEW_SECONDS * 1000, p.auth.sessionExpiresAt.getTime()));
    const token = await tokens.signFor(
      PREVIEW_SESSION,
      p.found.session,
      { unit: p.live.businessUnitId, publication: p.live.publicationId },
      ends,
    );
    const maxAge = Math.max(1, Math.floor((ends.getTime() - now.getTime()) / 1000));
    reply
      .header('set-cookie', previewCookie(req, slug, token, maxAge))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    return reply
      .code(303)
      .header('location', siteUrls.home(previewRoot(slug)))
      .send();
  });

  // leaving the preview forgets its cookie and goes to what visitors see
  app.get(`${PREFIX}/:bu/_exit`, html, async (req, reply) => {
    const bu = (req.params as Record<string, string>).bu;
    if (!isSlug(bu)) return sendPreviewEnded(reply);
    reply.header('set-cookie', previewCookie(req, bu, '', 0)).header('cache-control', 'no-store');
    return reply.code(303).header('location', `/site/${bu}`).send();
  });

  // every preview answer: never cached, never indexed
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(`${PREFIX}/`)) {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow, noarchive');
      reply.removeHeader('etag');
    }
  });

  async function load(req: FastifyRequest, bu: string, now: Date): Promise<SiteState> {
    if (!isSlug(bu)) return { kind: 'unknown' };
    const p = await previewed(readCookie(req, PREVIEW_COOKIE), PREVIEW_SESSION, now);
    if (!p || p.live.site.unit.slug !== bu) return { kind: 'unknown', ended: true };
    return {
      kind: 'live',
      live: p.live,
      root: previewRoot(bu),
      preview: { publicationNumber: p.number, exitUrl: `${previewRoot(bu)}/_exit`, inactive: !p.live.site.unit.active },
    };
  }

  pages(app, { prefix: PREFIX, load });
}

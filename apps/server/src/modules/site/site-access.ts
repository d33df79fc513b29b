import { createHmac } from 'node:crypto';
import { emailSchema } from '@vellum/contract';
import { AccessConfirmPage, type AccessFormView, AccessRequestPage, renderHtml, type SiteRoot, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { createElement } from 'react';
import { mayVerifyEmail } from '../public-read/index.js';
import { accessLinkMail } from './access-link.mail.js';
import { type LoadedSite, pageLanguage, textsOf, unitView } from './site-context.js';
import { consumeEmailLink, createEmailLink, findEmailLink } from './site-email-links.repo.js';
import { type PageCaching, pageHeaders, readCookie, seeOther, sendPage, text } from './site-http.js';
import { type SiteLimit, siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { providerName, publicSsoConfig } from './site-sso-config.js';

/**
 * Restricted documents on the public website (issue 12, decision 0045): a visitor proves an
 * e-mail address by a one-time link sent to it, and the pages that list or serve documents pass
 * the verified address to the read model. Asking for a link always answers the same page (no
 * address or document is revealed); only an address of an enabled group (or of the restricted
 * document search) of the live publication gets a mail. The used link sets a signed cookie on
 * the unit's site root.
 */

const ACCESS_COOKIE = 'site_access';
/** How long a verified address is remembered on the device. */
export const ACCESS_SECONDS = 12 * 60 * 60;
const ACCESS_PURPOSE = 'site-access';
const html = { config: { access: 'public' as const }, schema: { hide: true } };
/** Link requests per client address, and per address asked for in a unit, in LINK_WINDOW_MS (every answer counts, sent or not). */
const LINKS_PER_CLIENT = 10;
const LINKS_PER_EMAIL = 3;
const LINK_WINDOW_MS = 10 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Params = Record<string, string>;
type Body = Record<string, string | undefined>;

/** The cookie's signing key: derived from the server's token secret for this purpose only. */
const keyOf = (secret: string) => createHmac('sha256', secret).update(ACCESS_PURPOSE).digest();

export async function signAccess(secret: string, unitId: number, email: string, now: Date): Promise<string> {
  return new SignJWT({ email, unit: unitId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(ACCESS_PURPOSE)
    .setIssuer('vellum')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + ACCESS_SECONDS)
    .sign(keyOf(secret));
}

/** The verified address a cookie carries for this unit, or undefined (absent, forged, expired, another unit's). */
async function verifyAccess(secret: string, unitId: number, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: 'vellum', audience: ACCESS_PURPOSE, algorithms: ['HS256'] });
    return payload.unit === unitId && typeof payload.email === 'string' ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

export function accessCookie(req: FastifyRequest, root: SiteRoot, value: string, maxAge: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${ACCESS_COOKIE}=${encodeURIComponent(value)}; Path=${root}; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure}`;
}

/** Only to resolve a path: no request ever goes there. */
const PATH_BASE = 'http://site.invalid';

/** Whether a path lies at or under the root (`/site/acme`, `/site/acme/…`, never `/site/acme-other`). */
const under = (root: SiteRoot, path: string) => path === root || path.startsWith(`${root}/`);

/**
 * A path of this site to come back to (never another site, unit or host); the site's root
 * otherwise. The URL parser normalises it as a browser would (dot segments, also percent-encoded
 * as `%2e%2e`; backslashes; `//host`), and what it resolves to must stay under the root. So must
 * the path once percent-decoded (up to three times), so that `%2E%2E%2F` cannot climb out
 * behind a proxy that decodes before it normalises. Answers the normalised path and query.
 */
export function safeBack(root: SiteRoot, back: string | undefined): string {
  if (!back || back.length > 500 || !back.startsWith('/') || /[\s\p{Cc}]/u.test(back)) return root;
  try {
    const url = new URL(back, PATH_BASE);
    if (url.origin !== PATH_BASE || !under(root, url.pathname)) return root;
    let path = url.pathname;
    for (let i = 0; i < 3; i++) {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      const again = new URL(decoded.replaceAll('\\', '/'), PATH_BASE);
      if (again.origin !== PATH_BASE || !under(root, again.pathname)) return root;
      path = decoded;
    }
    return `${url.pathname}${url.search}`;
  } catch {
    // a malformed escape
    return root;
  }
}

/** The page again, with a query part of its own so that no copy cached before the verification is shown. */
export function fresh(path: string, now: Date): string {
  return `${path}${path.includes('?') ? '&' : '?'}_access=${Math.floor(now.getTime() / 1000).toString(36)}`;
}

/**
 * The link that signs the visitor in through the manufacturer's identity provider, beside the
 * e-mail form (decision 0075): only on the visitors' site (not in a preview), while the PUBLIC
 * configuration is enabled.
 */
export async function ssoLinkOf(app: FastifyInstance, s: LoadedSite, back: string, language: string): Promise<AccessFormView['sso']> {
  if (s.preview) return null;
  const row = await publicSsoConfig(app.deps.db);
  return row ? { url: siteUrls.accessSso(s.root, { back, language }), provider: providerName(row) } : null;
}

/** The form asking for a link (or who is verified) on a page of the site, while the unit has restricted groups. */
export interface VisitorAccess {
  /** The verified address, when the cookie holds a valid one for this unit. */
  email: string | undefined;
  /** The page's caching: kept by nobody else once the visitor carries the cookie (decision 0045). */
  caching(caching: PageCaching): PageCaching;
  /** The e-mail form for the page at `back` (null while the unit has no enabled restricted group, unless `always`). */
  form(back: string, language: string, always?: boolean): AccessFormView | null;
}

/**
 * The visitor's verified e-mail from the cookie, for the pages that list or serve documents. A
 * request that carries the cookie is answered for that visitor only: `Vary: Cookie`, no shared
 * caching (see `caching`), not indexed.
 */
export async function visitorAccess(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, s: LoadedSite): Promise<VisitorAccess> {
  const cookie = readCookie(req, ACCESS_COOKIE);
  const site = s.live.site;
  const email = cookie ? await verifyAccess(app.deps.config.tokenSecret, site.unit.id, cookie) : undefined;
  if (cookie !== undefined) reply.header('vary', 'Cookie').header('x-robots-tag', 'noindex');
  const groups = site.unit.settings.publicUserGroupActive && site.restrictedGroups.some((g) => g.enabled);
  // looked up only where a form may be shown: a unit without restricted documents needs no statement for it
  const restricted = groups || (site.unit.settings.documentSearch && site.unit.settings.documentSearchRestricted);
  const sso = !email && !s.preview && restricted ? await publicSsoConfig(app.deps.db) : undefined;
  return {
    email,
    // the "Sign in with …" link is not in the publication: the page's ETag changes when it comes, goes or changes
    caching: (c) => (cookie !== undefined ? { kind: 'none' } : c.kind === 'public' && sso ? { ...c, variant: `sso-${sso.version}` } : c),
    form: (back, language, always = false) =>
      groups || always || email
        ? {
            action: siteUrls.access(s.root),
            back: safeBack(s.root, back),
            language,
            verifiedEmail: email ?? null,
            forgetAction: siteUrls.accessForget(s.root),
            sso: sso ? { url: siteUrls.accessSso(s.root, { back: safeBack(s.root, back), language }), provider: providerName(sso) } : null,
          }
        : null,
  };
}

/** Rate limiters of link requests, one set per app (shared by its modes). */
const limitersOf = new WeakMap<FastifyInstance, { client: SiteLimit; email: SiteLimit }>();
const EMAIL_KEY = Symbol('site-access-email');

function limiters(app: FastifyInstance) {
  const known = limitersOf.get(app);
  if (known) return known;
  const made = {
    client: siteLimit(app, 'email-link:client', LINKS_PER_CLIENT, { windowMs: LINK_WINDOW_MS }),
    email: siteLimit(app, 'email-link:email', LINKS_PER_EMAIL, {
      windowMs: LINK_WINDOW_MS,
      keyOf: (req) => String((req as unknown as Record<symbol, string>)[EMAIL_KEY] ?? ''),
    }),
  };
  limitersOf.set(app, made);
  return made;
}

/** The pages that ask for, send and use e-mail links, under the mode's prefix. */
export function siteAccessPages(app: FastifyInstance, mode: SiteMode) {
  const { db, config, mailer } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);
  const limit = limiters(app);

  /** Headers of every answer here: for this visitor only, not indexed, no referrer (the link's token is in its URL). */
  const privately = (reply: FastifyReply) =>
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer').header('vary', 'Cookie');

  async function requestPage(
    req: FastifyRequest,
    reply: FastifyReply,
    s: LoadedSite,
    p: {
      status: number;
      state: 'form' | 'sent' | 'tooMany' | 'ssoFailed';
      back: string;
      language?: string;
      value?: string;
      invalid?: boolean;
    },
    now: Date,
  ) {
    const language = pageLanguage(s.live.site, p.language);
    const page = createElement(AccessRequestPage, {
      unit: unitView(s, language.isoCode),
      language,
      t: textsOf(s.live.site, language.isoCode),
      state: p.state,
      backUrl: p.back,
      form: {
        action: siteUrls.access(s.root),
        back: p.back,
        language: language.isoCode,
        verifiedEmail: null,
        forgetAction: siteUrls.accessForget(s.root),
        sso: await ssoLinkOf(app, s, p.back, language.isoCode),
        value: p.value,
        invalid: p.invalid,
      },
    });
    if (p.status === 429) reply.header('retry-after', String(LINK_WINDOW_MS / 1000));
    return sendPage(req, privately(reply), p.status, renderHtml(page), { kind: 'none' }, now);
  }

  /** Writes the link and mails it, after the answer has gone: the answer takes as long whether or not the address has access. */
  function sendLink(req: FastifyRequest, s: LoadedSite, email: string, back: string, language: string) {
    const site = s.live.site;
    const t = textsOf(site, language);
    void (async () => {
      const token = await createEmailLink(db, { businessUnitId: site.unit.id, email, returnTo: back });
      const link = `${config.publicUrl}${siteUrls.accessLink(s.root, token, language)}`;
      await mailer.send({ to: email, ...accessLinkMail(t, site.unit.displayName, link) });
    })().catch((err: unknown) => req.log.error({ err, businessUnitId: site.unit.id }, 'site e-mail link not sent'));
  }

  app.register(async (scope) => {
    // the site's forms are plain HTML forms: url-encoded bodies, here only
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      const out: Body = {};
      for (const [k, v] of new URLSearchParams(String(body))) if (out[k] === undefined) out[k] = v;
      done(null, out);
    });
    const bodyOf = (req: FastifyRequest): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : {});

    // the form on its own (linked where a page cannot hold it)
    scope.get(`${at}/:bu/_access`, html, async (req, reply) => {
      const now = new Date();
      const q = req.query as Record<string, unknown>;
      const s = await liveOrAnswer(req, reply, (req.params as Params).bu, now, text(q.language));
      if (!s) return;
      return requestPage(
        req,
        reply,
        s,
        { status: 200, state: 'form', back: safeBack(s.root, text(q.back)), language: text(q.language) },
        now,
      );
    });

    // asking for a link: the same answer for every address (rate limited per client and per address)
    scope.post(`${at}/:bu/_access`, html, async (req, reply) => {
      const now = new Date();
      const b = bodyOf(req);
      const s = await liveOrAnswer(req, reply, (req.params as Params).bu, now, text(b.language));
      if (!s) return;
      const back = safeBack(s.root, text(b.back));
      const language = pageLanguage(s.live.site, text(b.language)).isoCode;
      if (!(await limit.client(req)).allowed) return requestPage(req, reply, s, { status: 429, state: 'tooMany', back, language }, now);
      const parsed = emailSchema.safeParse(typeof b.email === 'string' ? b.email.slice(0, 300) : '');
      if (!parsed.success) {
        const value = text(b.email)?.slice(0, 254);
        return requestPage(req, reply, s, { status: 400, state: 'form', back, language, value, invalid: true }, now);
      }
      const email = parsed.data;
      (req as unknown as Record<symbol, string>)[EMAIL_KEY] = `${s.live.site.unit.id}:${email}`;
      if (!(await limit.email(req)).allowed) return requestPage(req, reply, s, { status: 429, state: 'tooMany', back, language }, now);
      if (mayVerifyEmail(s.live.site, email)) sendLink(req, s, email, back, language);
      return requestPage(req, reply, s, { status: 200, state: 'sent', back, language }, now);
    });

    // forgetting the verified address
    scope.post(`${at}/:bu/_access/_forget`, html, async (req, reply) => {
      const now = new Date();
      const b = bodyOf(req);
      const s = await liveOrAnswer(req, reply, (req.params as Params).bu, now);
      if (!s) return;
      privately(reply).header('set-cookie', accessCookie(req, s.root, '', 0));
      return seeOther(reply, fresh(safeBack(s.root, text(b.back)), now), { kind: 'none' });
    });

    /** The link's page: confirm (POST uses it) or "cannot be used" (410), never revealing which address it was for. */
    async function linkPage(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, valid: boolean) {
      const p = req.params as Params;
      const language = pageLanguage(s.live.site, text((req.query as Record<string, unknown>).language));
      const page = createElement(AccessConfirmPage, {
        unit: unitView(s, language.isoCode),
        language,
        t: textsOf(s.live.site, language.isoCode),
        action: valid ? siteUrls.accessLink(s.root, p.token, language.isoCode) : null,
        homeUrl: siteUrls.home(s.root),
      });
      // the page's own headers first, then this one's: no referrer may carry the token away
      pageHeaders(reply).header('cache-control', 'no-store');
      return privately(reply)
        .code(valid ? 200 : 410)
        .send(renderHtml(page));
    }

    // opening the link asks to confirm: mail scanners that open links do not use it up
    scope.get(`${at}/:bu/_access/:token`, html, async (req, reply) => {
      const now = new Date();
      const p = req.params as Params;
      const s = await liveOrAnswer(req, reply, p.bu, now, text((req.query as Record<string, unknown>).language));
      if (!s) return;
      const valid = TOKEN.test(p.token) && (await findEmailLink(db, s.live.site.unit.id, p.token, now)) !== null;
      return linkPage(req, reply, s, valid);
    });

    // using the link: once, before it expires; the address is remembered on this unit's pages, the visitor sent back
    scope.post(`${at}/:bu/_access/:token`, html, async (req, reply) => {
      const now = new Date();
      const p = req.params as Params;
      const s = await liveOrAnswer(req, reply, p.bu, now, text((req.query as Record<string, unknown>).language));
      if (!s) return;
      const used = TOKEN.test(p.token) ? await consumeEmailLink(db, s.live.site.unit.id, p.token, now) : null;
      if (!used) return linkPage(req, reply, s, false);
      const token = await signAccess(config.tokenSecret, s.live.site.unit.id, used.email, now);
      privately(reply).header('set-cookie', accessCookie(req, s.root, token, ACCESS_SECONDS));
      return seeOther(reply, fresh(safeBack(s.root, used.returnTo), now), { kind: 'none' });
    });
  });
}

import {
  type Gs1Scan,
  NotFoundPage,
  ProductGonePage,
  parseDigitalLinkPath,
  parseScan,
  renderHtml,
  type SiteRoot,
  siteUrls,
} from '@vellum/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { DbOrTx } from '../../db/client.js';
import { type GtinAnswer, type PublicProductType, productByGtin, productTypes } from '../public-read/index.js';
import { choiceOf, type LoadedSite, pageLanguage, textsOf, unitView, type VisitorChoice } from './site-context.js';
import { CHOICE_COOKIE, readCookie, seeOther, sendPage, text } from './site-http.js';
import { siteMapRoutes } from './site-map.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, productSegment, sendNotFound } from './site-pages.js';

/**
 * GS1 Digital Link on the public website (issue 12, decision 0043): `/site/{bu}/01/{gtin}`, with
 * `/10/{lot}` and `/17/{expiry}`, `/21/{serial}` in any order (the last two ignored), opens the
 * product whose key code is that GTIN for the visitor's remembered choice, filtered to the lot. A
 * GTIN an earlier publication listed and the live one does not answers 410 with the manufacturer's
 * contacts: the URL registered in EUDAMED keeps answering. Plus the sitemap (site-map.ts).
 */

const html = { config: { access: 'public' as const }, schema: { hide: true } };
type Params = Record<string, string>;

/** The chooser's query parameter that carries a GS1 link opened before any choice. */
export const GS1_NEXT = 'gs1';

/** A GS1 link's canonical path under the root: the GTIN-14 and the lot (expiry and serial select nothing). */
const gs1Path = (root: SiteRoot, scan: Gs1Scan) => siteUrls.gs1(root, scan.gtin14, scan.lot);

/**
 * Where the chooser sends the visitor after the choice when it carries a GS1 link (`?gs1=/01/…`),
 * checked again here so that the chooser never redirects anywhere else; undefined otherwise.
 */
export function chooserNext(root: SiteRoot, value: unknown): string | undefined {
  const path = text(value);
  if (!path?.startsWith('/01/')) return undefined;
  const parsed = parseDigitalLinkPath(path);
  return parsed.ok ? gs1Path(root, parsed.value) : undefined;
}

/** The hidden field of the chooser's form that keeps the GS1 link (its path under the root). */
export function chooserHidden(root: SiteRoot, next: string | undefined): { name: string; value: string }[] | undefined {
  return next ? [{ name: GS1_NEXT, value: next.slice(root.length) }] : undefined;
}

/** The product page of a GTIN's answer for the visitor's choice, with the lot when its type has lot numbers. */
function productUrl(root: SiteRoot, v: VisitorChoice, type: PublicProductType | undefined, found: GtinAnswer, lot?: string) {
  if (found.kind !== 'product' || !type) return undefined;
  const segment = productSegment({ keyCode: found.keyCodeShown ? found.keyCode : null, productId: found.productId });
  return siteUrls.product(root, v.choice, type.slug, segment, type.lotNumbers ? lot : undefined);
}

/** 410: the product is no longer listed; it depends on the visitor's language cookie, so it is kept private. */
function sendGone(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, language: string | undefined, gtin14: string, now: Date) {
  const lang = pageLanguage(s.live.site, language);
  const page = createElement(ProductGonePage, {
    unit: unitView(s, lang.isoCode),
    language: lang,
    t: textsOf(s.live.site, lang.isoCode),
    gtin14,
  });
  reply.header('x-robots-tag', 'noindex');
  return sendPage(req, reply, 410, renderHtml(page), s.preview ? { kind: 'none' } : { kind: 'private' }, now);
}

/** A 404 that depends on the visitor's choice (a product of a type the audience does not see). */
function sendNotForChoice(req: FastifyRequest, reply: FastifyReply, s: LoadedSite, v: VisitorChoice, now: Date) {
  const page = createElement(NotFoundPage, { unit: unitView(s, v.choice.language), language: v.language, t: v.t });
  return sendPage(req, reply, 404, renderHtml(page), s.preview ? { kind: 'none' } : { kind: 'private' }, now);
}

/**
 * The key code as a scanner typed it: one value, at most 200 characters, control characters
 * removed except GS (U+001D), the FNC1 separator of a raw element string.
 */
function scannedText(v: unknown): string | undefined {
  const one = Array.isArray(v) ? v[0] : v;
  if (typeof one !== 'string') return undefined;
  return (
    one
      // biome-ignore lint/suspicious/noControlCharactersInRegex: GS is the one control character a scan keeps
      .replace(/[^\P{Cc}\u001d]/gu, '')
      .trim()
      .slice(0, 200) || undefined
  );
}

/**
 * The search box of a type took a GS1 scan (an element string as a scanner types it, or a Digital
 * Link URL): a product of this type with that GTIN is opened directly (303, with the scan's lot).
 * Undefined when the text is no GS1 scan or names no product of the type: the search runs as usual.
 */
export async function scanFromSearch(
  db: DbOrTx,
  reply: FastifyReply,
  s: LoadedSite,
  v: VisitorChoice,
  type: PublicProductType,
  keyCode: unknown,
  now: Date,
) {
  const typed = scannedText(keyCode);
  if (!typed || !type.searchFields.some((f) => f.field === 'keyCode')) return undefined;
  const scan = parseScan(typed);
  if (!scan?.ok) return undefined;
  const found = await productByGtin(db, s.live, { gtin14: scan.value.gtin14, audience: v.audience, productTypeId: type.id }, now);
  const url = productUrl(s.root, v, type, found, scan.value.lot);
  return url ? seeOther(reply, url, cachingOf(s)) : undefined;
}

/** The GS1 pages of a unit's site under the mode's prefix; one line in sitePages registers them. */
export function gs1Pages(app: FastifyInstance, mode: SiteMode) {
  const { db } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);

  app.get(`${at}/:bu/01/*`, html, async (req, reply) => {
    const now = new Date();
    const p = req.params as Params;
    const remembered = readCookie(req, CHOICE_COOKIE)?.split('.') ?? [];
    const s = await liveOrAnswer(req, reply, p.bu, now, remembered[1]);
    if (!s) return;
    // the raw path: a lot may hold an encoded slash, which the router's decoded parameter would split
    const path = req.url.split('?')[0].slice(`${at}/${p.bu}`.length);
    const parsed = parseDigitalLinkPath(path);
    // a 404 of the URL alone, cached by anyone: in the site's first language, whatever the cookie says
    if (!parsed.ok) return sendNotFound(req, reply, s, now);
    const scan = parsed.value;
    const v = choiceOf(s.live.site, remembered[0], remembered[1], remembered[2]);
    const found = await productByGtin(db, s.live, { gtin14: scan.gtin14, audience: v?.audience ?? null }, now);
    if (found.kind === 'unknown') return sendNotFound(req, reply, s, now);
    if (found.kind === 'gone') return sendGone(req, reply, s, remembered[1], scan.gtin14, now);
    const privately = s.preview ? ({ kind: 'none' } as const) : ({ kind: 'private' } as const);
    // no choice yet: the chooser first, which comes back here once the visitor has chosen
    if (!v) return seeOther(reply, `${siteUrls.home(s.root)}?${GS1_NEXT}=${encodeURIComponent(gs1Path('', scan))}`, privately);
    if (found.kind === 'otherAudience') return sendNotForChoice(req, reply, s, v, now);
    const type = productTypes(s.live.site, v.audience, v.choice.language).find((t) => t.id === found.productTypeId);
    const url = productUrl(s.root, v, type, found, scan.lot);
    if (!url) return sendNotForChoice(req, reply, s, v, now);
    return seeOther(reply, url, privately);
  });

  // the sitemap is the visitors' only: a preview is never indexed
  if (mode.prefix === '/site') siteMapRoutes(app, mode);
}

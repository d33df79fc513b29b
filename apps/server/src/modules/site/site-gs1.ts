import { digitalLinkPath, parseDigitalLinkPath, parseScan, type SiteRoot, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { type GtinAnswer, type PublicProductType, productByGtin } from '../public-read/index.js';
import { resolverPages } from './gs1-resolver/resolver.routes.js';
import type { LoadedSite, VisitorChoice } from './site-context.js';
import { id, seeOther, text } from './site-http.js';
import { siteMapRoutes } from './site-map.js';
import type { SiteMode } from './site-mode.js';
import { cachingOf, productSegment } from './site-pages.js';

/**
 * GS1 on the public website (issue 12, decision 0043; issue 19, decision 0049): the GS1 resolver
 * under `/site/{bu}` (gs1-resolver/), the chooser's way back to a GS1 link opened before any
 * choice, the 410 of a product no longer listed, scans typed in a type's search box, and the
 * sitemap (site-map.ts).
 */

/** The chooser's query parameter that carries a GS1 link (or a product's persistent URL) opened before any choice. */
export const GS1_NEXT = 'gs1';

/** A query string as the site writes it again: each pair decoded, then encoded; undefined when an escape is broken. */
function cleanQuery(query: string): string | undefined {
  const pairs: string[] = [];
  for (const part of query.split(/[&;]/)) {
    if (!part) continue;
    const at = part.indexOf('=');
    try {
      const key = decodeURIComponent(at < 0 ? part : part.slice(0, at));
      const value = decodeURIComponent(at < 0 ? '' : part.slice(at + 1));
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    } catch {
      return undefined;
    }
  }
  return pairs.join('&');
}

/**
 * Where the chooser sends the visitor after the choice when it carries a GS1 link (`?gs1=/01/…`)
 * or a product's persistent URL (`?gs1=/p/{id}`), with the query it was asked with (a link type,
 * a campaign tag): checked again here and rebuilt under the unit's root, so that the chooser never
 * redirects anywhere else; undefined otherwise.
 */
export function chooserNext(root: SiteRoot, value: unknown): string | undefined {
  const next = text(value);
  if (!next) return undefined;
  const at = next.indexOf('?');
  const path = at < 0 ? next : next.slice(0, at);
  const query = cleanQuery(at < 0 ? '' : next.slice(at + 1));
  if (query === undefined) return undefined;
  const product = /^\/p\/([^/?#]+)$/.exec(path);
  let canonical: string | undefined;
  if (product) canonical = id(product[1]) === undefined ? undefined : `/p/${id(product[1])}`;
  else if (path.startsWith('/01/')) {
    const parsed = parseDigitalLinkPath(path);
    canonical = parsed.ok ? digitalLinkPath(parsed.value) : undefined;
  }
  return canonical === undefined ? undefined : `${root}${canonical}${query ? `?${query}` : ''}`;
}

/** The hidden field of the chooser's form that keeps the GS1 link (its path and query under the root). */
export function chooserHidden(root: SiteRoot, next: string | undefined): { name: string; value: string }[] | undefined {
  return next ? [{ name: GS1_NEXT, value: next.slice(root.length) }] : undefined;
}

/** The product page of a GTIN's answer for the visitor's choice, with the lot when its type has lot numbers. */
export function productUrl(root: SiteRoot, v: VisitorChoice, type: PublicProductType | undefined, found: GtinAnswer, lot?: string) {
  if (found.kind !== 'product' || !type) return undefined;
  const segment = productSegment({ keyCode: found.keyCodeShown ? found.keyCode : null, productId: found.productId });
  return siteUrls.product(root, v.choice, type.slug, segment, type.lotNumbers ? lot : undefined);
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
 * The search box of a type took a GS1 scan (an element string as a scanner types it, a Digital
 * Link URL with or without a symbology identifier, an EAN/UPC, a bare GTIN): a product of this type
 * with that GTIN is opened directly (303, with the scan's lot). Undefined when the text is no GS1
 * scan or names no product of the type: the search runs as usual.
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
  resolverPages(app, mode);
  // the sitemap is the visitors' only: a preview is never indexed
  if (mode.prefix === '/site') siteMapRoutes(app, mode);
}

import { type Choice, siteUrls } from '@vellum/site-views';
import type { DbOrTx } from '../../db/client.js';
import { product, productTypes } from '../public-read/index.js';
import type { LoadedSite, VisitorChoice } from './site-context.js';
import { id, text } from './site-http.js';
import { productSegment } from './site-pages.js';

/**
 * Where the visitor is on the site, carried through the chooser so that "Change country or
 * language" comes back to the same product, lot or type in the new choice (decision 0048), as the
 * GS1 flow carries its link (`gs1=`). The place travels as the page's path under the site root
 * (`from=/be/fr/hcp/catheters/KC-1?lot=L7`); it is read back into a type slug, a product segment
 * and a lot, looked up in the live publication, and the URL is rebuilt from them: nothing a
 * visitor sends is ever used as a redirect target.
 */
export interface Place {
  type?: string;
  product?: string;
  lot?: string;
}

/** The `from` of a page under a choice: its path under the root, with its lot. */
export function fromOf(choice: Choice, typeSlug?: string, productSegment?: string, lot?: string): string {
  if (typeSlug === undefined) return siteUrls.types('', choice);
  if (productSegment === undefined) return siteUrls.search('', choice, typeSlug);
  return siteUrls.product('', choice, typeSlug, productSegment, lot);
}

/** The `from` of a page's URL under the site root (a download's way back to its product); undefined elsewhere. */
export function fromOfUrl(root: string, url: string): string | undefined {
  return url.startsWith(`${root}/`) ? url.slice(root.length) : undefined;
}

/**
 * The place a `from` names: `/{country}/{language}/{audience}[/{type}[/{product}]]` under the root
 * with an optional `?lot=`; the old choice's segments are not used. Undefined for anything else
 * (another host, `//`, a backslash, malformed escapes, too many segments).
 */
export function placeOf(from: string | undefined): Place | undefined {
  if (!from?.startsWith('/') || from.startsWith('//') || from.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(from, 'http://site.invalid');
  } catch {
    return undefined;
  }
  if (url.host !== 'site.invalid') return undefined;
  const raw = url.pathname.split('/').slice(1);
  if (raw.length < 3 || raw.length > 5) return undefined;
  let parts: string[];
  try {
    // as the pages read their segments: no control characters, at most 200 characters
    parts = raw.map((p) => text(decodeURIComponent(p)) ?? '');
  } catch {
    return undefined;
  }
  if (parts.some((p) => p === '')) return undefined;
  return { type: parts[3], product: parts[4], lot: text(url.searchParams.get('lot') ?? undefined) || undefined };
}

/**
 * The URL of a place in a new choice: the same product (and lot) when the new audience finds it,
 * else the type's search with the key code filled in (when the audience searches by key code),
 * else the type's search; the type's products when the audience does not see the type.
 */
export async function placeIn(db: DbOrTx, s: LoadedSite, v: VisitorChoice, place: Place, now: Date): Promise<string> {
  const { root } = s;
  const types = siteUrls.types(root, v.choice);
  if (!place.type) return types;
  const type = productTypes(s.live.site, v.audience, v.choice.language).find((t) => t.slug === place.type);
  if (!type) return types;
  if (!place.product) return siteUrls.search(root, v.choice, type.slug);
  const byId = place.product.startsWith('~') ? id(place.product.slice(1)) : undefined;
  const ref = byId !== undefined ? { productId: byId } : { keyCode: place.product };
  const found = await product(db, s.live, { productTypeSlug: type.slug, audience: v.audience, language: v.choice.language, ...ref }, now);
  if (found) return siteUrls.product(root, v.choice, type.slug, productSegment(found), type.lotNumbers ? place.lot : undefined);
  const byKeyCode = byId === undefined && type.searchFields.some((f) => f.field === 'keyCode');
  return siteUrls.search(root, v.choice, type.slug, byKeyCode ? { keyCode: place.product } : {});
}

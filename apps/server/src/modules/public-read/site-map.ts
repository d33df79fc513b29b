import { gtin14OfKeyCode } from '@vellum/site-views';
import type { DbOrTx } from '../../db/client.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { audienceTypes } from './catalogue.js';
import type { Audience, LivePublication, SiteProductType } from './public-read.types.js';
import * as repo from './site-map.repo.js';

/**
 * What a unit's live publication makes public, listed (decision 0043): the product pages of
 * /site/{bu}/sitemap.xml, the administration's sitemap of products and documents with their label
 * URLs, and the UDI-DIs for EUDAMED. Pages of the site depend on a country, language and audience;
 * these lists name each product once for the site's default choice.
 */

/** The choice a list names product pages for: the first offered country, the given (else first) language, HCP when offered. */
export interface DefaultChoice {
  country: string;
  language: string;
  audience: Audience;
}

export function defaultChoice(site: PublishedSite, language?: string): DefaultChoice | null {
  const country = site.regions.flatMap((r) => r.countries)[0]?.isoCode;
  const lang = site.languages.find((l) => l.isoCode.toLowerCase() === language?.toLowerCase()) ?? site.languages[0];
  const audience: Audience | undefined = site.audiences.includes('HCP') ? 'HCP' : site.audiences[0];
  if (!country || !lang || !audience) return null;
  return { country: country.toLowerCase(), language: lang.isoCode.toLowerCase(), audience };
}

/** Where a product lives on the site for an audience: its type's slug and its segment (key code, or `~id` when hidden). */
export interface ProductPlace {
  productId: number;
  productTypeSlug: string;
  segment: string;
}

const keyCodeShown = (type: SiteProductType, audience: Audience) =>
  (audience === 'HCP' ? type.keyCodeSearchTypeHcp : type.keyCodeSearchTypePatient) !== 'NOT_VISIBLE';

function placeOf(types: Map<number, SiteProductType>, audience: Audience, p: repo.SiteMapProductRow): ProductPlace | null {
  const type = types.get(p.productTypeId);
  if (!type) return null;
  return { productId: p.productId, productTypeSlug: type.slug, segment: keyCodeShown(type, audience) ? p.keyCode : `~${p.productId}` };
}

/** The types an audience sees; of an inactive unit too, as it will see them once active (the labels are printed before). */
const typesOf = (site: PublishedSite, audience: Audience) =>
  new Map(audienceTypes({ ...site, unit: { ...site.unit, active: true } }, audience).map((t) => [t.id, t]));

/** How many product pages the audience has (products of the types it sees, visible at `at`). */
export async function productPageCount(db: DbOrTx, live: LivePublication, audience: Audience, at: Date): Promise<number> {
  const types = [...typesOf(live.site, audience).keys()];
  return types.length === 0 ? 0 : repo.countProducts(db, live.contentId, types, at);
}

/** A slice of those product pages, by product id. */
export async function productPages(
  db: DbOrTx,
  live: LivePublication,
  audience: Audience,
  at: Date,
  slice: { limit: number; offset: number },
): Promise<ProductPlace[]> {
  const types = typesOf(live.site, audience);
  if (types.size === 0) return [];
  const found = await repo.productSlice(db, live.contentId, [...types.keys()], at, slice);
  return found.map((p) => placeOf(types, audience, p)).filter((p): p is ProductPlace => p !== null);
}

export interface SiteMapEntry {
  kind: 'PRODUCT' | 'DOCUMENT';
  id: number;
  productTypeName: string | null;
  keyCode: string | null;
  /** The key code as GTIN-14 when it is a valid GTIN (a product's UDI-DI). */
  gtin14: string | null;
  documentNumber: string | null;
  documentName: string | null;
  /**
   * The product a label leads to: the product itself, or a document's first product (key-code
   * order); its GTIN-14 and its page for the audience (null when the audience does not see its type).
   */
  target: { gtin14: string | null; place: ProductPlace | null } | null;
}

/** One page of the products (key-code order) then documents (number order) of the live publication. */
export async function siteMapEntries(
  db: DbOrTx,
  live: LivePublication,
  q: { audience: Audience; search?: string; page: number; size: number },
  at: Date,
): Promise<{ total: number; items: SiteMapEntry[] }> {
  const types = typesOf(live.site, q.audience);
  const names = new Map(live.site.productTypes.map((t) => [t.id, t.name]));
  const found = await repo.siteMapEntries(db, live.contentId, at, { search: q.search, limit: q.size, offset: q.page * q.size });
  const items: SiteMapEntry[] = [];
  for (const r of found) {
    if (r.kind === null || r.id === null) continue;
    const product =
      r.kind === 'PRODUCT'
        ? { productId: r.id, productTypeId: r.productTypeId as number, keyCode: r.keyCode as string }
        : r.firstProductId !== null
          ? { productId: r.firstProductId, productTypeId: r.firstProductTypeId as number, keyCode: r.firstKeyCode as string }
          : null;
    items.push({
      kind: r.kind,
      id: r.id,
      productTypeName: r.productTypeId !== null ? (names.get(r.productTypeId) ?? null) : null,
      keyCode: r.keyCode,
      gtin14: r.keyCode !== null ? (gtin14OfKeyCode(r.keyCode) ?? null) : null,
      documentNumber: r.number,
      documentName: r.name,
      target: product ? { gtin14: gtin14OfKeyCode(product.keyCode) ?? null, place: placeOf(types, q.audience, product) } : null,
    });
  }
  return { total: found[0]?.total ?? 0, items };
}

export interface GtinProduct {
  gtin14: string;
  keyCode: string;
  productTypeName: string;
}

/** Every product visible at `at` whose key code is a valid GTIN (its UDI-DI), in key-code order. */
export async function gtinProducts(db: DbOrTx, live: LivePublication, at: Date): Promise<GtinProduct[]> {
  const names = new Map(live.site.productTypes.map((t) => [t.id, t.name]));
  const found = await repo.gtinLikeProducts(db, live.contentId, at);
  const out: GtinProduct[] = [];
  for (const p of found) {
    const gtin14 = gtin14OfKeyCode(p.keyCode);
    if (gtin14) out.push({ gtin14, keyCode: p.keyCode, productTypeName: names.get(p.productTypeId) ?? '' });
  }
  return out;
}

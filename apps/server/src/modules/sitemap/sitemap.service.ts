import { EUDAMED_CSV_COLUMNS, type SitemapEntry } from '@vellum/contract';
import { siteRoot, siteUrls } from '@vellum/site-views';
import type { Deps } from '../../platform/deps.js';
import { defaultChoice, gtinProducts, type LivePublication, liveSite, type SiteMapEntry, siteMapEntries } from '../public-read/index.js';

/**
 * administration → sitemap (decision 0043): what the unit's live publication makes public, with
 * the absolute URL a label prints, read through the public read model like the site itself.
 */

type Sitemap = Pick<Deps, 'db' | 'config'>;

/** An absolute URL on the public base URL (PUBLIC_URL). */
export const absolute = (config: Sitemap['config'], path: string) => `${config.publicUrl.replace(/\/+$/, '')}${path}`;

/**
 * The URL a label prints: the GS1 Digital Link of a GTIN, else the product's persistent URL by id
 * (decision 0049), both answering through the visitor's choice, and for ever (410 once gone).
 */
function urlOf(deps: Sitemap, live: LivePublication, target: SiteMapEntry['target']): { url: string | null; persistent: boolean } {
  const root = siteRoot(live.site.unit.slug);
  if (!target) return { url: null, persistent: false };
  if (target.gtin14) return { url: absolute(deps.config, siteUrls.gs1(root, target.gtin14)), persistent: true };
  if (!target.place) return { url: null, persistent: false };
  return { url: absolute(deps.config, siteUrls.persistent(root, target.place.productId)), persistent: true };
}

/** A page of the live publication's products then documents; none before the unit's first publish. */
export async function listSitemap(
  deps: Sitemap,
  q: { 'business-unit': number; page: number; size: number; search?: string },
  now = new Date(),
): Promise<{ items: SitemapEntry[]; total: number }> {
  const live = await liveSite(deps.db, { id: q['business-unit'] }, now);
  const choice = live ? defaultChoice(live.site) : null;
  if (!live || !choice) return { items: [], total: 0 };
  const search = q.search?.trim() || undefined;
  const found = await siteMapEntries(deps.db, live, { audience: choice.audience, search, page: q.page, size: q.size }, now);
  return {
    total: found.total,
    items: found.items.map((e) => ({
      kind: e.kind,
      id: e.id,
      productTypeName: e.productTypeName,
      keyCode: e.keyCode,
      udiDi: e.gtin14,
      documentNumber: e.documentNumber,
      documentName: e.documentName,
      ...urlOf(deps, live, e.target),
      elementString: e.target?.gtin14 ? `(01)${e.target.gtin14}` : null,
    })),
  };
}

/** One CSV cell (RFC 4180): quoted when needed; a cell a spreadsheet would run as a formula is prefixed with a quote mark. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The EUDAMED export: every live product whose key code is a valid GTIN, with its UDI-DI and persistent URL. */
export async function eudamedCsv(deps: Sitemap, businessUnitId: number, now = new Date()): Promise<{ csv: string; slug: string | null }> {
  const live = await liveSite(deps.db, { id: businessUnitId }, now);
  const lines = [EUDAMED_CSV_COLUMNS.join(',')];
  if (live) {
    const root = siteRoot(live.site.unit.slug);
    for (const p of await gtinProducts(deps.db, live, now)) {
      lines.push([p.gtin14, absolute(deps.config, siteUrls.gs1(root, p.gtin14)), p.keyCode, p.productTypeName].map(csvCell).join(','));
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, slug: live?.site.unit.slug ?? null };
}

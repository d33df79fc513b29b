import type { DbOrTx } from '../../db/client.js';
import type { PublishedSite } from '../publishing/published-site.js';
import * as repo from './public-read.repo.js';
import type { LivePublication, OfferedRegion, UnitRef } from './public-read.types.js';

/**
 * Sites by publication id. A publication never changes once written, so an entry can never be
 * stale: each call still reads which publication is live (one indexed row) and takes the site from
 * here only when that row is held here. Nothing about visitors is kept.
 */
const SITE_CACHE_SIZE = 16;
const sites = new Map<number, PublishedSite>();
/**
 * Which unit a slug named when it was last resolved, and the newest publication then. The answer
 * depends on every unit's publications, so it is reused only while no publication has been added
 * since and the instant is not before the newest one (the present, not a look into the past).
 */
const slugHints = new Map<string, { unitId: number; newestId: number | null }>();
const SLUG_HINTS_SIZE = 256;

function remember(publicationId: number, site: PublishedSite): void {
  sites.delete(publicationId);
  sites.set(publicationId, site);
  while (sites.size > SITE_CACHE_SIZE) sites.delete(sites.keys().next().value as number);
}

/** Forgets every cached site (tests that compare a cold and a warm read). */
export function clearSiteCache(): void {
  sites.clear();
  slugHints.clear();
}

function toLive(row: repo.LiveRow): LivePublication | undefined {
  let site: PublishedSite | undefined;
  if (row.site !== null) {
    site = repo.fromJson<PublishedSite>(row.site);
    // a site of a shape this code does not know would be misread: refuse loudly
    if (site.format !== 1) throw new Error(`publication ${row.id}: unknown site format ${String(site.format)}`);
    remember(row.id, site);
  } else {
    site = sites.get(row.id);
  }
  // evicted by a concurrent call between the question and the answer: the caller asks again
  if (!site) return undefined;
  return {
    publicationId: row.id,
    number: row.number,
    kind: row.kind as LivePublication['kind'],
    createdDate: new Date(row.createdDate),
    businessUnitId: row.businessUnitId,
    contentId: row.contentId,
    site,
  };
}

/** The unit's live publication, its site from the cache when held (asked again without it if evicted meanwhile). */
async function liveOfUnit(
  db: DbOrTx,
  unitId: number,
  at: Date,
  withNewest = false,
): Promise<{ row: repo.LiveRow; live: LivePublication } | null> {
  const row = await repo.liveByUnit(db, unitId, at, [...sites.keys()], withNewest);
  if (!row) return null;
  const live = toLive(row) ?? toLive((await repo.liveByUnit(db, unitId, at, [])) ?? row);
  if (!live) throw new Error(`publication ${row.id}: no site`);
  return { row, live };
}

/**
 * The publication a unit's visitors see at `at` (decision 0037: the highest-numbered one created
 * at or before it) with its content's site, or null when the unit has none or no live
 * publication carries the slug. One statement when the unit is known (by id, or a slug seen
 * before); the site crosses the wire only when this process has not read it yet.
 */
export async function liveSite(db: DbOrTx, unit: UnitRef, at: Date): Promise<LivePublication | null> {
  if ('id' in unit) return (await liveOfUnit(db, unit.id, at))?.live ?? null;
  const hint = slugHints.get(unit.slug);
  if (hint !== undefined) {
    const found = await liveOfUnit(db, hint.unitId, at, true);
    const unchanged =
      found !== null &&
      found.row.newestId === hint.newestId &&
      (found.row.newestCreated == null || at >= new Date(found.row.newestCreated)) &&
      found.live.site.unit.slug === unit.slug;
    if (unchanged) return found.live;
    slugHints.delete(unit.slug);
  }
  const row = await repo.liveBySlug(db, unit.slug, at);
  if (!row) return null;
  // a hint resolved at a past instant would not be the present's answer
  if (row.newestCreated == null || at >= new Date(row.newestCreated)) {
    slugHints.set(unit.slug, { unitId: row.businessUnitId, newestId: row.newestId ?? null });
    while (slugHints.size > SLUG_HINTS_SIZE) slugHints.delete(slugHints.keys().next().value as string);
  }
  return toLive(row) ?? null;
}

/**
 * A translation of the site in a language: the language's own text, else English's, else the
 * fallback (the record's own text as compiled), else the key. Record translations are keyed
 * `<entity>.<id>.<field>` (decision 0024).
 */
export function translator(site: PublishedSite, language: string | undefined): (key: string, fallback?: string) => string {
  const own = language ? site.translations[language.toLowerCase()] : undefined;
  const english = site.translations.en;
  return (key, fallback) => own?.[key] || english?.[key] || fallback || key;
}

/** The site's countries by interface region, names of regions in the visitor's language. */
export function countriesByRegion(site: PublishedSite, language?: string): OfferedRegion[] {
  const t = translator(site, language);
  return site.regions.map((r) => ({ id: r.id, name: t(`interface_region.${r.id}.name`, r.name), countries: r.countries }));
}

/** Whether the site offers the country (ISO 3166-1 alpha-2, any case). */
export function offersCountry(site: PublishedSite, country: string): boolean {
  const iso = country.toUpperCase();
  return site.regions.some((r) => r.countries.some((c) => c.isoCode === iso));
}

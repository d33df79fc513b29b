import type { DbOrTx } from '../../db/client.js';
import { fromJson } from '../../db/sql.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { activeLiveCache } from './live-cache.js';
import * as repo from './live-site.repo.js';
import type { LivePublication, OfferedRegion, UnitRef } from './public-read.types.js';

/**
 * Sites by publication id. A publication never changes once written, so an entry can never be
 * stale: a read of which publication is live (one indexed row) takes the site from here when
 * that row is held here. Nothing about visitors is kept.
 */
const SITE_CACHE_SIZE = 16;
const sites = new Map<number, PublishedSite>();

function remember(publicationId: number, site: PublishedSite): void {
  sites.delete(publicationId);
  sites.set(publicationId, site);
  while (sites.size > SITE_CACHE_SIZE) sites.delete(sites.keys().next().value as number);
}

/** Forgets every cached site (tests that compare a cold and a warm read). */
export function clearSiteCache(): void {
  sites.clear();
}

function toLive(row: repo.LiveRow): LivePublication | undefined {
  let site: PublishedSite | undefined;
  if (row.site !== null) {
    site = fromJson<PublishedSite>(row.site);
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

/** The live row of a unit (by id or slug) with its site from the cache when held (asked again without it if evicted meanwhile). */
async function readLive(
  db: DbOrTx,
  unit: UnitRef,
  at: Date,
  withNext: boolean,
): Promise<{ row: repo.LiveRow; live: LivePublication } | null> {
  const read = (known: readonly number[]) =>
    'id' in unit ? repo.liveByUnit(db, unit.id, at, known, withNext) : repo.liveBySlug(db, unit.slug, at, known);
  const row = await read([...sites.keys()]);
  if (!row) return null;
  const live = toLive(row) ?? toLive((await read([])) ?? row);
  if (!live) throw new Error(`publication ${row.id}: no site`);
  return { row, live };
}

/**
 * The publication a unit's visitors see at `at` (decision 0037: the highest-numbered one created
 * at or before it) with its content's site, or null when the unit has none or no live
 * publication carries the slug. Held per process while the database's changes of publications
 * are listened for (decision 0047: a visitor's page then needs no statement for it); otherwise one
 * statement, the site crossing the wire only when this process has not read it yet.
 */
export async function liveSite(db: DbOrTx, unit: UnitRef, at: Date): Promise<LivePublication | null> {
  const cache = activeLiveCache(db);
  const key = 'id' in unit ? `#${unit.id}` : unit.slug;
  const held = cache?.get(key, at);
  if (held) return held;
  const generation = cache?.generation ?? 0;
  const found = await readLive(db, unit, at, cache !== undefined);
  if (!found) return null;
  const next = found.row.nextCreated;
  cache?.store(generation, key, found.live, at, next ? new Date(next) : null);
  return found.live;
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

/** A unit's public website that is live: its slug, name and manufacturer's name. */
export interface PublishedSiteEntry {
  slug: string;
  name: string;
  manufacturerName: string;
}

/**
 * The units' public websites at `at`: each unit's live publication, active ones only, by name
 * (`/site` alone offers them, decision 0048; `/.well-known/gs1resolver` lists them as resolvers,
 * decision 0049). A slug two live sites carry is listed once.
 */
export async function publishedSites(db: DbOrTx, at: Date): Promise<PublishedSiteEntry[]> {
  const seen = new Set<string>();
  return (await repo.liveSites(db, at)).flatMap((r) => {
    if (!r.active || !r.slug || seen.has(r.slug)) return [];
    seen.add(r.slug);
    return [{ slug: r.slug, name: r.name, manufacturerName: r.manufacturerName }];
  });
}

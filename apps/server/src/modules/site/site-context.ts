import {
  type ChoiceView,
  type PageLanguage,
  type PreviewBanner,
  type SiteRoot,
  siteRoot,
  siteTexts,
  siteUrls,
  type Texts,
  type UnitView,
} from '@vellum/site-views';
import type { DbOrTx } from '../../db/client.js';
import {
  type Audience,
  type ChangeWindow,
  changeWindow,
  type LivePublication,
  liveSite,
  offersCountry,
  translator,
} from '../public-read/index.js';
import type { PublishedSite } from '../publishing/published-site.js';

/**
 * What every page of a unit needs, from its live publication only (never the admin tables): the
 * site, the visitor's validated choice, the language's texts and the unit's look.
 */

/** A publication the pages are served from, where they live, and whether it is a signed-in user's preview. */
export interface LoadedSite {
  live: LivePublication;
  root: SiteRoot;
  preview: PreviewBanner | null;
  /** When what the publication shows last changed and next changes by itself (visitors' pages: their caching). */
  window?: ChangeWindow;
}

/** `ended`: a preview that can no longer be shown (ended, signed out, no longer allowed). */
export type SiteState = { kind: 'unknown'; ended?: boolean } | ({ kind: 'inactive' | 'live' } & LoadedSite);

/** A slug is lower-case letters, digits and dashes (3–50): anything else names no unit. */
export const isSlug = (bu: string) => /^[a-z0-9-]{3,50}$/.test(bu);

/** The unit's live publication by slug at `now`: unknown (no unit, or never published), inactive, or live. */
export async function loadSite(db: DbOrTx, bu: string, now: Date): Promise<SiteState> {
  if (!isSlug(bu)) return { kind: 'unknown' };
  const live = await liveSite(db, { slug: bu }, now);
  if (!live) return { kind: 'unknown' };
  const window = await changeWindow(db, live, now);
  return { kind: live.site.unit.active ? 'live' : 'inactive', live, root: siteRoot(live.site.unit.slug), preview: null, window };
}

export function pageLanguage(site: PublishedSite, language: string | undefined): PageLanguage {
  const found = site.languages.find((l) => l.isoCode.toLowerCase() === language?.toLowerCase()) ?? site.languages[0];
  return { isoCode: found?.isoCode.toLowerCase() ?? 'en', rtl: found?.rtl ?? false };
}

export function textsOf(site: PublishedSite, language: string): Texts {
  return siteTexts(translator(site, language));
}

/** The unit's look from the publication's layout; images through the site's media route. */
export function unitView(loaded: LoadedSite, language: string): UnitView {
  const { live, root } = loaded;
  const { site } = live;
  const t = translator(site, language);
  const l = site.layout;
  const id = site.unit.id;
  return {
    slug: site.unit.slug,
    root,
    preview: loaded.preview,
    name: site.unit.displayName,
    styleVersion: String(live.publicationId),
    hasCustomCss: l.cssContent.trim() !== '',
    logoUrl: l.logoKey ? siteUrls.media(root, l.logoKey) : null,
    lightHeaderText: l.lightHeaderText,
    headerTitle: l.headerTextTitle ? t(`business_unit.${id}.headerTextTitle`, l.headerTextTitle) : null,
    headerBody: l.headerTextBody ? t(`business_unit.${id}.headerTextBody`, l.headerTextBody) : null,
    footerItems: [...l.footerItems]
      .sort((a, b) => a.visualizationOrder - b.visualizationOrder)
      .map((f) => ({ text: f.text, publicUrl: f.publicUrl })),
  };
}

/** The storage keys of images the live site may show: only these are served from its media route. */
export function siteImageKeys(site: PublishedSite): Set<string> {
  const keys = new Set<string>();
  if (site.layout.logoKey) keys.add(site.layout.logoKey);
  for (const t of site.productTypes) for (const k of [t.imageKey, t.heroImageHcpKey, t.heroImagePatientKey]) if (k) keys.add(k);
  return keys;
}

export interface VisitorChoice {
  choice: ChoiceView;
  audience: Audience;
  language: PageLanguage;
  t: Texts;
  audienceName: string;
}

/** The choice named by a URL (or a download's query), validated against the site; null when it offers no such thing. */
export function choiceOf(
  site: PublishedSite,
  country: string | undefined,
  language: string | undefined,
  audience: string | undefined,
): VisitorChoice | null {
  if (!country || !language || !audience) return null;
  // the URL scheme is lower-case: another case names nothing (one URL per page, for caches and labels)
  if (country !== country.toLowerCase() || language !== language.toLowerCase()) return null;
  if (audience !== 'hcp' && audience !== 'patient') return null;
  const aud: Audience = audience === 'hcp' ? 'HCP' : 'PATIENT';
  if (!site.audiences.includes(aud)) return null;
  if (!/^[a-z]{2}$/.test(country) || !offersCountry(site, country)) return null;
  const lang = site.languages.find((l) => l.isoCode.toLowerCase() === language);
  if (!lang) return null;
  const countryName =
    site.regions.flatMap((r) => r.countries).find((c) => c.isoCode === country.toUpperCase())?.name ?? country.toUpperCase();
  const t = textsOf(site, language);
  return {
    choice: { country, language, audience, countryName, languageName: lang.nativeName || lang.name },
    audience: aud,
    language: { isoCode: language, rtl: lang.rtl },
    t,
    audienceName: t(aud === 'HCP' ? 'audience.hcp' : 'audience.patient'),
  };
}

/** The content blocks of a type (or the type selection header) for the audience. */
export function contentBlocks(site: PublishedSite, type: string, productTypeId: number | null, audience: Audience): string[] {
  // blocks are written per unit in its own words: the site carries no translations of them
  return site.layout.contentBlocks
    .filter((b) => b.type === type && b.productTypeId === productTypeId && (audience === 'HCP' ? b.hcp : b.patient))
    .map((b) => b.content)
    .filter((html) => html.trim() !== '');
}

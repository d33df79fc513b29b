import { countries, languages } from 'countries-list';
import type { PublishedSite } from '../publishing/published-site.js';

/**
 * Languages and countries as a visitor knows them (decision 0048): the chooser's first guess from
 * the browser's Accept-Language header, and a language's name in that language ("Français",
 * "Nederlands") wherever the site would otherwise show a code.
 */

/** One range of an Accept-Language header: its tag (lower-case), primary language, region subtag, weight. */
export interface LanguageRange {
  tag: string;
  language: string;
  region: string | undefined;
  q: number;
}

/** A header longer than this is read up to here; more ranges than this are not looked at. */
const MAX_HEADER = 1000;
const MAX_RANGES = 20;

/**
 * The ranges of an Accept-Language header (RFC 9110 §12.5.4), most wanted first (by q, then
 * order); `*`, malformed ranges and q=0 are left out. `fr-BE` has language `fr` and region `BE`;
 * a script subtag (`zh-Hant-TW`) is skipped to find the region.
 */
export function acceptedLanguages(header: string | string[] | undefined): LanguageRange[] {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, MAX_HEADER);
  const ranges: LanguageRange[] = [];
  for (const part of value.split(',').slice(0, MAX_RANGES)) {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(tag)) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([01](?:\.[0-9]{0,3})?)\s*$/i.exec(p)).find(Boolean);
    const q = weight ? Number(weight[1]) : 1;
    if (!(q > 0 && q <= 1)) continue;
    const subtags = tag.split('-');
    const region = subtags.slice(1).find((s) => /^[a-z]{2}$/.test(s));
    ranges.push({ tag, language: subtags[0], region: region?.toUpperCase(), q });
  }
  // a stable sort: ranges of the same weight keep the header's order
  return ranges
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.q - a.r.q || a.i - b.i)
    .map((x) => x.r);
}

/**
 * The site's interface language (lower-case code) that best serves the ranges: the first range
 * the site offers exactly (`fr-be`), else in its primary language (`fr-BE` → `fr`, or `fr` → the
 * site's `fr-fr` when it has no plain `fr`). Undefined when none does.
 */
export function siteLanguageFor(site: PublishedSite, ranges: LanguageRange[]): string | undefined {
  const offered = site.languages.map((l) => l.isoCode.toLowerCase());
  for (const r of ranges) {
    if (offered.includes(r.tag)) return r.tag;
    if (offered.includes(r.language)) return r.language;
    const regional = offered.find((code) => code.split('-')[0] === r.language);
    if (regional) return regional;
  }
  return undefined;
}

/**
 * The site's country (lower-case) the ranges name without doubt: the only country the site offers;
 * else the first range whose region subtag is a country the site offers (`nl-BE` → Belgium), or
 * whose language is spoken in exactly one of the site's countries (`da` → Denmark among Denmark and
 * Germany). A range with a region the site does not offer guesses nothing (`fr-FR` is not Belgium).
 */
export function siteCountryFor(site: PublishedSite, ranges: LanguageRange[]): string | undefined {
  const offered = [...new Set(site.regions.flatMap((r) => r.countries.map((c) => c.isoCode.toUpperCase())))];
  if (offered.length === 1) return offered[0].toLowerCase();
  for (const r of ranges) {
    if (r.region) {
      if (offered.includes(r.region)) return r.region.toLowerCase();
      continue;
    }
    const speaking = offered.filter((c) => (countries as Record<string, { languages: string[] }>)[c]?.languages.includes(r.language));
    if (speaking.length === 1) return speaking[0].toLowerCase();
  }
  return undefined;
}

const referenceNames = languages as Record<string, { name: string; native: string }>;

/**
 * A language's name in that language, as the site's language list names it (the reference data
 * of decision 0022: countries-list, and the runtime's CLDR names for regional languages), never a
 * bare code unless nothing knows it.
 */
export function languageName(code: string, site?: PublishedSite): string {
  const lower = code.toLowerCase();
  const own = site?.languages.find((l) => l.isoCode.toLowerCase() === lower);
  if (own) return own.nativeName || own.name;
  const known = referenceNames[lower];
  if (known) return known.native || known.name;
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // not a well-formed tag: the code is all there is
  }
  return code;
}

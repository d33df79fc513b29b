import { continents, countries, languages } from 'countries-list';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { continent, country, language } from './schema/index.js';

/**
 * Languages with their region that a manufacturer writes documents and websites in, beyond the
 * ISO 639-1 list (decision 0022). Named by the runtime's CLDR data (Intl.DisplayNames).
 */
export const REGIONAL_LANGUAGES = [
  'de-AT',
  'de-CH',
  'de-DE',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-US',
  'es-ES',
  'es-MX',
  'es-US',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'it-CH',
  'nl-BE',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'sv-FI',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const;

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' });
const nativeName = (code: string) => new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;

export function languageRows(): (typeof language.$inferInsert)[] {
  const base = Object.entries(languages).map(([isoCode, l]) => ({
    isoCode,
    name: l.name,
    nativeName: l.native,
    rtl: Boolean(l.rtl),
  }));
  const rtl = new Set(base.filter((l) => l.rtl).map((l) => l.isoCode));
  const regional = REGIONAL_LANGUAGES.map((isoCode) => ({
    isoCode,
    name: englishNames.of(isoCode) ?? isoCode,
    nativeName: nativeName(isoCode),
    rtl: rtl.has(isoCode.slice(0, 2)),
  }));
  return [...base, ...regional];
}

export function countryRows(): (typeof country.$inferInsert)[] {
  return Object.entries(countries).map(([isoCode, c]) => ({ isoCode, name: c.name, continentIsoCode: c.continent }));
}

export function continentRows(): (typeof continent.$inferInsert)[] {
  return Object.entries(continents).map(([isoCode, name]) => ({ isoCode, name }));
}

/** Upserts continents, countries and languages: a package update renames rows, never removes them. */
export async function upsertGeography(tx: DbOrTx): Promise<void> {
  await tx
    .insert(continent)
    .values(continentRows())
    .onConflictDoUpdate({ target: continent.isoCode, set: { name: sql`excluded.name` } });
  await tx
    .insert(country)
    .values(countryRows())
    .onConflictDoUpdate({
      target: country.isoCode,
      set: { name: sql`excluded.name`, continentIsoCode: sql`excluded.continent_iso_code` },
    });
  await tx
    .insert(language)
    .values(languageRows())
    .onConflictDoUpdate({
      target: language.isoCode,
      set: { name: sql`excluded.name`, nativeName: sql`excluded.native_name`, rtl: sql`excluded.rtl` },
    });
}

import type { Continent, Country, Language } from '@vellum/contract';
import { ok } from './fakeServer';

/** A few continents, countries and languages, as the reference calls answer them. */
export const continents: Continent[] = [
  { isoCode: 'EU', name: 'Europe' },
  { isoCode: 'SA', name: 'South America' },
];
export const countries: Country[] = [
  { isoCode: 'AT', name: 'Austria', continentIsoCode: 'EU' },
  { isoCode: 'BR', name: 'Brazil', continentIsoCode: 'SA' },
  { isoCode: 'DE', name: 'Germany', continentIsoCode: 'EU' },
  { isoCode: 'FR', name: 'France', continentIsoCode: 'EU' },
];
export const languages: Language[] = [
  { isoCode: 'ar', name: 'Arabic', nativeName: 'العربية', rtl: true },
  { isoCode: 'pt-BR', name: 'Brazilian Portuguese', nativeName: 'português (Brasil)', rtl: false },
  { isoCode: 'da', name: 'Danish', nativeName: 'Dansk', rtl: false },
  { isoCode: 'en', name: 'English', nativeName: 'English', rtl: false },
  { isoCode: 'de', name: 'German', nativeName: 'Deutsch', rtl: false },
  { isoCode: 'sv', name: 'Swedish', nativeName: 'Svenska', rtl: false },
];
export const languagesOf = (codes: string[]) => languages.filter((l) => codes.includes(l.isoCode));

/** The handlers of the reference calls, to spread into mockServer. */
export const referenceRoutes = {
  'GET /api/continents': () => ok(continents),
  'GET /api/countries': () => ok(countries),
  'GET /api/languages': () => ok(languages),
};

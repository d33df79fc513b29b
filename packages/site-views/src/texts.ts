import { WEBSITE_TEXTS, type WebsiteTextKey } from '@vellum/contract';

/** A text of the site in the visitor's language (the unit's, else English, else the catalogue's English). */
export type Texts = (key: WebsiteTextKey) => string;

/**
 * The site's fixed texts over a translator of the live publication (`translator(site, language)`
 * of the read model): a key it does not hold falls back to the catalogue's English.
 */
export function siteTexts(translate: (key: string, fallback?: string) => string): Texts {
  return (key) => translate(key, WEBSITE_TEXTS[key].en);
}

/** English only: pages shown before any site is known (an unknown unit's 404). */
export const englishTexts: Texts = (key) => WEBSITE_TEXTS[key].en;

/**
 * Every fixed text of the public website, by key, with its English default and its longest
 * translation. The public site reads these keys; a unit, or the manufacturer for every unit,
 * overrides them per interface language (api/website-translations, docs/decisions/0025).
 */
export interface WebsiteText {
  en: string;
  maxLength: 20 | 30 | 50 | 100 | 200 | 255;
}

const t = (en: string, maxLength: WebsiteText['maxLength']): WebsiteText => ({ en, maxLength });

export const WEBSITE_TEXTS = {
  // choosing country, language and audience
  'country.choose': t('Choose your country', 50),
  'country.search': t('Search a country', 50),
  'country.change': t('Change country', 30),
  'language.choose': t('Choose your language', 50),
  'language.change': t('Change language', 30),
  'audience.choose': t('Who are you?', 50),
  'audience.hcp': t('Healthcare professional', 50),
  'audience.patient': t('Patient', 50),
  'audience.change': t('Change audience', 30),
  'productType.choose': t('Please select a product type', 100),
  // search
  'search.title': t('Find your instructions for use', 100),
  'search.keyCode.label': t('Product code', 50),
  'search.keyCode.placeholder': t('Enter the product code', 100),
  'search.lotNumber.label': t('Lot number', 50),
  'search.lotNumber.placeholder': t('Enter the lot number', 100),
  'search.documentNumber.label': t('Document number', 50),
  'search.submit': t('Search', 20),
  'search.clear': t('Clear', 20),
  'search.noResults': t('No results', 50),
  'search.noResults.hint': t('Check the product code or lot number and try again.', 200),
  'search.results': t('Results', 30),
  'search.mandatory': t('Please fill in', 50),
  // what the site's small scripts add: suggestions while typing, the camera scanner
  'search.suggestions': t('{{count}} suggestions', 50),
  'search.scan': t('Scan', 20),
  'search.scan.title': t('Scan the code on the box', 100),
  'search.scan.stop': t('Stop scanning', 30),
  'search.scan.failed': t('The camera could not be started.', 200),
  // documents
  'document.download': t('Download', 20),
  'document.version': t('Version', 20),
  'document.date': t('Date', 20),
  'document.language': t('Language', 30),
  'document.previousVersions': t('Previous versions', 50),
  'document.restricted': t('This document is available to registered users only.', 200),
  'download.confirmation.title': t('Download confirmation', 50),
  'download.confirmation.body': t('By downloading you confirm that this is the document for your product and country.', 255),
  'download.confirmation.accept': t('I agree', 20),
  'download.confirmation.cancel': t('Cancel', 20),
  'paper.request': t('Request a paper copy', 50),
  // navigation
  'navigation.back': t('Back', 20),
  'navigation.home': t('Home', 20),
  'navigation.next': t('Next', 20),
  'navigation.previous': t('Previous', 20),
  // cookies and consent
  'cookies.title': t('Cookies', 30),
  'cookies.body': t('We use cookies that the website needs to work, and, with your consent, to measure its use.', 255),
  'cookies.accept': t('Accept all', 20),
  'cookies.reject': t('Only necessary', 30),
  'cookies.settings': t('Cookie settings', 30),
  // pages and errors
  'comingSoon.title': t('Coming soon', 50),
  'comingSoon.body': t('The instructions for use of this product will be available here soon.', 200),
  'notFound.title': t('Page not found', 50),
  'notFound.body': t('The page you are looking for does not exist.', 200),
  'tooMany.title': t('Too many requests', 50),
  'tooMany.body': t('Please wait a minute, then try again.', 200),
  'error.general': t('Something went wrong. Please try again later.', 200),
  'error.offline': t('The server cannot be reached. Check your connection.', 200),
  'error.download': t('The document could not be downloaded.', 200),
  'footer.poweredBy': t('Electronic instructions for use', 100),
  // the banner of a signed-in user's preview (never shown to visitors)
  'preview.title': t('Preview', 30),
  'preview.draft': t('of what the next publish would show. Visitors do not see this.', 200),
  'preview.publication': t('of publication {{number}}. Visitors do not see this.', 200),
  'preview.inactive': t('The unit is inactive: visitors see the coming-soon page.', 200),
  'preview.exit': t('Leave the preview', 50),
  'preview.ended.title': t('This preview has ended', 100),
  'preview.ended.body': t('Open the preview again from the publish page of the administration.', 200),
} as const satisfies Record<string, WebsiteText>;

export type WebsiteTextKey = keyof typeof WEBSITE_TEXTS;
export const WEBSITE_TEXT_KEYS = Object.keys(WEBSITE_TEXTS) as WebsiteTextKey[];
export const isWebsiteTextKey = (key: string): key is WebsiteTextKey => Object.hasOwn(WEBSITE_TEXTS, key);

/**
 * The public read model (decision 0038): every question of the public website answered from the
 * unit's live publication at an explicit instant. Its only caller is the public website.
 *
 * Its SQL is in the *.repo.ts files, one per question (the live publication, the catalogue,
 * documents and files, the document search, suggestions, the site map, GTINs). They read
 * `publication` and the pub_* tables, never the admin tables. Every statement takes the content
 * publication's id and the instant `at`; publish and archive dates are compared with `at`, never
 * with now(). The builders return the statement so that the benchmark runs the very same text.
 */

export { dropdownValues, product, productTypes, searchProducts } from './catalogue.js';
export { type ChangeWindow, changeWindow } from './change-window.js';
export {
  documentDropdownValues,
  documentSearchAccess,
  documentSearchFields,
  mayVerifyEmail,
  searchDocuments,
} from './document-search.js';
export { fileForDownload, productDocuments } from './documents.js';
export { type GtinAnswer, productByGtin } from './gtin.js';
export { countriesByRegion, liveSite, offersCountry, publishedSites, translator } from './live-site.js';
export { productById } from './product-id.js';
export { productPage } from './product-page.js';
export type * from './public-read.types.js';
export {
  defaultChoice,
  gtinProducts,
  productPageCount,
  productPages,
  type SiteMapEntry,
  siteMapEntries,
} from './site-map.js';
export { suggestValues } from './suggestions.js';

/**
 * The public read model (decision 0038): every question of the public website answered from the
 * unit's live publication at an explicit instant. Its only caller is the public website.
 */

export { dropdownValues, product, productTypes, searchProducts } from './catalogue.js';
export { type ChangeWindow, changeWindow, clearChangeWindows } from './change-window.js';
export {
  type DocumentSearchAttribute,
  type DocumentSearchHit,
  type DocumentSearchQuery,
  type DocumentSearchResult,
  documentDropdownValues,
  documentSearchAccess,
  documentSearchFields,
  mayVerifyEmail,
  searchDocuments,
} from './document-search.js';
export { fileForDownload, productDocuments } from './documents.js';
export { type GtinAnswer, productByGtin } from './gtin.js';
export { countriesByRegion, liveSite, offersCountry, type PublishedSiteEntry, publishedSites, translator } from './live-site.js';
export { productById } from './product-id.js';
export { type ProductPage, productPage } from './product-page.js';
export type * from './public-read.types.js';
export {
  type DefaultChoice,
  defaultChoice,
  type GtinProduct,
  gtinProducts,
  type ProductPlace,
  productPageCount,
  productPages,
  type SiteMapEntry,
  siteMapEntries,
} from './site-map.js';
export { MAX_SUGGESTIONS, MIN_SUGGEST_CHARACTERS, suggestValues } from './suggestions.js';

/**
 * The public website's views (issue 12): React components rendered to HTML on the server by the
 * server's `site` module, which answers every question through the public read model. Pages work
 * without JavaScript; they never read admin data.
 */

export * from './gs1/index.js';
export { useIslandAssets } from './islands/assets.js';
export {
  buildIslands,
  ISLAND_ASSETS_PATH,
  ISLAND_NAMES,
  type IslandAssets,
  type IslandFile,
  type IslandName,
  readIslands,
  writeIslands,
} from './islands/build.js';
export { Layout } from './Layout.js';
export { AccessConfirmPage, AccessForm, type AccessFormView, AccessRequestPage } from './pages/AccessPages.js';
export { ChooserPage, type ChooserPageProps } from './pages/ChooserPage.js';
export { type DocumentHitView, DocumentSearchPage, type DocumentSearchPageProps } from './pages/DocumentSearchPage.js';
export { DownloadPage, type DownloadPageProps } from './pages/DownloadPage.js';
export {
  PaperCopyPage,
  type PaperCopyPageProps,
  PaperCopyRefusedPage,
  type PaperCopyRefusedPageProps,
  PaperCopySentPage,
  type PaperCopySentPageProps,
} from './pages/PaperCopyPage.js';
export { ProductGonePage, type ProductGonePageProps } from './pages/ProductGonePage.js';
export { ProductPage, type ProductPageProps } from './pages/ProductPage.js';
export { ProductTypesPage, type ProductTypesPageProps } from './pages/ProductTypesPage.js';
export { SearchPage, type SearchPageProps, type SearchResultsView } from './pages/SearchPage.js';
export { SitesPage, type SitesPageProps } from './pages/SitesPage.js';
export { ComingSoonPage, NotFoundPage, PreviewEndedPage, TooManyRequestsPage, UnavailablePage } from './pages/StatusPages.js';
export { renderHtml } from './render.js';
export { BadLinkPage, type BadLinkPageProps } from './resolver/BadLinkPage.js';
export { type LinkGroupView, LinksetPage, type LinksetPageProps, type LinkView } from './resolver/LinksetPage.js';
export { SITE_CSS, themeCss } from './styles.js';
export { englishTexts, siteTexts, type Texts } from './texts.js';
export * from './urls.js';
export type * from './view-models.js';

// the sitemap page, loaded as its own chunk with the barcode library (app/pages.ts)
export { SitemapPage } from './SitemapPage';

import type { RouteDecl } from './define.js';
import { documentDownloadsApi } from './document-downloads.js';
import { paperCopyRequestsApi } from './paper-copy-requests.js';
import { productsApi } from './products.js';
import { publishingApi } from './publishing.js';
import { sitemapApi } from './sitemap.js';
import { translationsApi } from './translations.js';
import { websiteLayoutApi } from './website-layout.js';

export * from './define.js';
export * from './document-downloads.js';
export * from './paper-copy-requests.js';
export * from './products.js';
export * from './publishing.js';
export * from './sitemap.js';
export * from './translations.js';
export * from './website-layout.js';

/** Every API route of the contract, by area (the server registers each; a test checks none is missing). */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, RouteDecl>>>> = {
  documentDownloads: documentDownloadsApi,
  paperCopyRequests: paperCopyRequestsApi,
  products: productsApi,
  publishing: publishingApi,
  sitemap: sitemapApi,
  translations: translationsApi,
  websiteLayout: websiteLayoutApi,
};

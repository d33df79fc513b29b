import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const sitemapScreens = defineScreens([
  // the public website's products and documents with their label URLs, QR codes and EUDAMED export
  // (spec 001 §2: DOCUMENT_SITEMAP; the barcode library comes only with this chunk)
  {
    path: '/my-business-units/:businessUnitId/administration/sitemap',
    rights: ['DOCUMENT_SITEMAP'],
    scope: 'business-unit',
    page: lazyPage(() => import('./SitemapPages'), 'SitemapPage'),
    menu: [{ menu: 'administration', id: 'sitemap', labelKey: 'shell.menu.sitemap', order: 70 }],
  },
]);

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

const pages = () => import('./TranslationsPage');

/** The website's translations, of a unit and manufacturer-wide. */
export const translationScreens = defineScreens([
  {
    path: '/my-business-units/:businessUnitId/website-configuration/website-translations',
    rights: ['TRANSLATION'],
    scope: 'business-unit',
    page: lazyPage(pages, 'WebsiteTranslationsPage'),
    menu: [{ menu: 'website-configuration', id: 'website-translations', labelKey: 'shell.menu.websiteTranslations', order: 30 }],
  },
  {
    path: '/general-settings/manufacturer-translations',
    rights: ['TRANSLATION'],
    page: lazyPage(pages, 'ManufacturerTranslationsPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-website',
        id: 'manufacturer-translations',
        labelKey: 'shell.menu.manufacturerTranslations',
        order: 30,
      },
    ],
  },
]);

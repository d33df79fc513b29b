import { regionsLanguagesPatterns as p } from '../../paths/regionsLanguages';
import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

// one chunk for the whole area
const pages = () => import('./RegionsLanguagesRoutes');

/** Regions, languages and language groups (decision 0023). */
export const regionsLanguagesScreens = defineScreens([
  {
    path: `${p.documentRegions}/*`,
    rights: ['DOCUMENT_REGION_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    scope: 'business-unit',
    page: lazyPage(pages, 'DocumentRegionRoutes'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'document-region',
        labelKey: 'shell.menu.documentRegions',
        order: 50,
        rights: ['DOCUMENT_REGION_MANAGE'],
      },
    ],
  },
  {
    path: `${p.languageGroups}/*`,
    rights: ['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    scope: 'business-unit',
    page: lazyPage(pages, 'LanguageGroupRoutes'),
    menu: [
      {
        menu: 'backend-configuration',
        id: 'language-group',
        labelKey: 'shell.menu.languageGroups',
        order: 60,
        rights: ['DOCUMENT_LANGUAGE_MANAGE'],
      },
    ],
  },
  {
    path: `${p.interfaceRegions}/*`,
    rights: ['INTERFACE_REGION_MANAGE', 'TRANSLATION'],
    scope: 'business-unit',
    page: lazyPage(pages, 'InterfaceRegionRoutes'),
    menu: [
      {
        menu: 'website-configuration',
        id: 'interface-region',
        labelKey: 'shell.menu.interfaceRegions',
        order: 10,
        rights: ['INTERFACE_REGION_MANAGE'],
      },
    ],
  },
  {
    path: p.websiteLanguages,
    rights: ['INTERFACE_LANGUAGE_MANAGE', 'TRANSLATION', 'LAYOUT_MANAGE', 'INTERFACE_REGION_MANAGE'],
    scope: 'business-unit',
    page: lazyPage(pages, 'WebsiteLanguagesPage'),
    menu: [
      {
        menu: 'website-configuration',
        id: 'interface-language',
        labelKey: 'shell.menu.interfaceLanguages',
        order: 20,
        rights: ['INTERFACE_LANGUAGE_MANAGE'],
      },
    ],
  },
  {
    path: `${p.manufacturerRegions}/*`,
    rights: ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE'],
    page: lazyPage(pages, 'ManufacturerRegionsRoutes'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-website',
        id: 'manufacturer-regions',
        labelKey: 'shell.menu.manufacturerRegions',
        order: 10,
      },
    ],
  },
  {
    path: p.manufacturerLanguages,
    rights: ['INTERFACE_LANGUAGE_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE'],
    page: lazyPage(pages, 'ManufacturerLanguagesPage'),
    menu: [
      {
        menu: 'general-settings',
        section: 'manufacturer-website',
        id: 'manufacturer-languages',
        labelKey: 'shell.menu.manufacturerLanguages',
        order: 20,
      },
    ],
  },
]);

import { pathTo } from '../platform/paths';

/** Where each screen of regions and languages lives (spec 001 §2); unit 0 is the general-settings scope. */
export const regionsLanguagesPatterns = {
  documentRegions: '/my-business-units/:businessUnitId/backend-configuration/region',
  interfaceRegions: '/my-business-units/:businessUnitId/website-configuration/region',
  languageGroups: '/my-business-units/:businessUnitId/backend-configuration/language-group',
  websiteLanguages: '/my-business-units/:businessUnitId/website-configuration/language',
  manufacturerRegions: '/general-settings/manufacturer-regions',
  manufacturerRegionsOfKind: '/general-settings/manufacturer-regions/:kind',
  manufacturerLanguages: '/general-settings/manufacturer-languages',
} as const;

export const regionsLanguagesPaths = {
  regions: (kind: 'interface' | 'document', businessUnitId: number) =>
    businessUnitId === 0
      ? pathTo(regionsLanguagesPatterns.manufacturerRegionsOfKind, { kind })
      : pathTo(kind === 'interface' ? regionsLanguagesPatterns.interfaceRegions : regionsLanguagesPatterns.documentRegions, {
          businessUnitId,
        }),
  languageGroups: (businessUnitId: number) => pathTo(regionsLanguagesPatterns.languageGroups, { businessUnitId }),
};

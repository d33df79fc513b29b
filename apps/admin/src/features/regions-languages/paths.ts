import type { AccessRight } from '@vellum/contract';
import type { LanguageKind, RegionKind } from './regionsLanguages.hooks';

/** Where each screen of the area lives (spec 001 §2); unit 0 is the general-settings scope. */
export const regionsPath = (kind: RegionKind, unitId: number) =>
  unitId === 0
    ? `/general-settings/manufacturer-regions/${kind}`
    : `/my-business-units/${unitId}/${kind === 'interface' ? 'website' : 'backend'}-configuration/region`;
export const languageGroupsPath = (unitId: number) => `/my-business-units/${unitId}/backend-configuration/language-group`;

export const REGION_RIGHT: Record<RegionKind, AccessRight> = { interface: 'INTERFACE_REGION_MANAGE', document: 'DOCUMENT_REGION_MANAGE' };
export const LANGUAGE_RIGHT: Record<LanguageKind, AccessRight> = {
  interface: 'INTERFACE_LANGUAGE_MANAGE',
  document: 'DOCUMENT_LANGUAGE_MANAGE',
};

import type { AccessRight } from '@vellum/contract';
import type { LanguageKind, RegionKind } from './regionsLanguages.hooks';

/** The right that manages each kind of region and language (interface: the website; document: the documents). */
export const REGION_RIGHT: Record<RegionKind, AccessRight> = { interface: 'INTERFACE_REGION_MANAGE', document: 'DOCUMENT_REGION_MANAGE' };
export const LANGUAGE_RIGHT: Record<LanguageKind, AccessRight> = {
  interface: 'INTERFACE_LANGUAGE_MANAGE',
  document: 'DOCUMENT_LANGUAGE_MANAGE',
};

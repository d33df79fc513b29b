import type { DocumentAttributeDefinition, DocumentAttributeList, DocumentType } from '@vellum/contract';

/** A document type of business unit 1 (HCP, active). */
export const documentType = (over: Partial<DocumentType> = {}): DocumentType => ({
  id: 4,
  businessUnitId: 1,
  name: 'Instructions for use',
  active: true,
  hcp: true,
  patient: false,
  sortNumber: 10,
  version: 2,
  ...over,
});

export const documentAttribute = (over: Partial<DocumentAttributeDefinition> = {}): DocumentAttributeDefinition => ({
  id: 11,
  businessUnitId: 1,
  name: 'Revision',
  slug: 'revision',
  unique: false,
  mandatory: true,
  isActive: true,
  searchType: 'SEARCHABLE_EXACT',
  visualizationOrder: 0,
  ...over,
});

/** The attribute list of business unit 1 at `version`. */
export const documentAttributeList = (definitions: DocumentAttributeDefinition[], version = 3): DocumentAttributeList => ({
  businessUnitId: 1,
  version,
  definitions,
});

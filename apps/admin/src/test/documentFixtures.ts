import type { Document, DocumentAttributeDefinition, DocumentAttributeList, DocumentListItem, DocumentType } from '@vellum/contract';

/** A document type of business unit 1 (HCP, active). */
export const documentType = (over: Partial<DocumentType> = {}): DocumentType => ({
  id: 4,
  businessUnitId: 1,
  name: 'Instructions for use',
  active: true,
  hcp: true,
  patient: false,
  sortNumber: 10,
  linkType: 'gs1:instructions',
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

/** Document 30 'IFU-100' of business unit 1, of type 4, with a Revision value, in product group 21. */
export const documentRecord = (over: Partial<Document> = {}): Document => ({
  id: 30,
  businessUnitId: 1,
  number: 'IFU-100',
  name: 'Vita instructions',
  documentTypeId: 4,
  documentType: { id: 4, name: 'Instructions for use', active: true, hcp: true, patient: false },
  attributeValues: [{ attributeDefinitionId: 11, value: 'B' }],
  productGroupIds: [21],
  productGroups: [{ id: 21, name: 'Vita family', productTypeId: 7 }],
  productIds: [],
  products: [],
  publicUserGroups: [],
  publishState: 'UNPUBLISHED',
  fileCount: 0,
  createdDate: '2026-11-01T10:00:00Z',
  lastModifiedDate: '2026-11-02T10:00:00Z',
  version: 3,
  ...over,
});

export const documentListItem = (over: Partial<DocumentListItem> = {}): DocumentListItem => ({
  id: 30,
  number: 'IFU-100',
  name: 'Vita instructions',
  documentTypeId: 4,
  documentTypeName: 'Instructions for use',
  publishState: 'PUBLISHED',
  fileCount: 2,
  lastModifiedDate: '2026-11-02T10:00:00Z',
  ...over,
});

import type { AttributeDefinition, ManufacturerSettings, ProductListItem, ProductType } from '@vellum/contract';

/** Fixtures of the catalogue tests (product types, products, groups, remarks, lot ranges, search). */

/** The manufacturer settings with the two switches the catalogue screens depend on. */
export const manufacturerSettings = (patientBusinessUnitSearch: boolean, globalSearch = false): ManufacturerSettings => ({
  worldWidePublicWebsite: false,
  patientBusinessUnitSearch,
  globalSearch,
  validationRecordsActive: false,
  softwareVersion: '1',
  authenticationMechanism: 'USERNAME_PASSWORD',
  authenticationMechanismAdmin: 'USERNAME_PASSWORD',
  maxLoginAttempts: 5,
  passwordValidityDays: 0,
  oldPasswordsCount: 2,
  publicWebsiteUrl: null,
  version: 0,
});

/** An attribute definition of product type 7, shown in the order of its id unless told otherwise. */
export function definition(over: Partial<AttributeDefinition> & { id: number; name: string }): AttributeDefinition {
  return {
    productTypeId: 7,
    slug: over.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    type: 'STRING',
    isUnique: false,
    isMandatory: false,
    isMandatoryHcpSearch: false,
    isMandatoryPatientSearch: false,
    pinned: false,
    isActive: true,
    searchTypeHCP: 'NOT_VISIBLE',
    searchTypePatient: 'NOT_VISIBLE',
    meta: null,
    visualizationOrder: over.id,
    ...over,
  };
}

/** Product type 7 'Implants' of business unit 1, without attributes unless told otherwise. */
export function productType(over: Partial<ProductType> = {}): ProductType {
  return {
    id: 7,
    businessUnitId: 1,
    slug: 'implants',
    name: 'Implants',
    status: 'ENABLED',
    active: true,
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
    keyCodeSearchTypePatient: 'NOT_VISIBLE',
    keyCodeLabelHCP: null,
    keyCodeLabelPatient: null,
    searchVisualisationHCP: 'ADVANCED',
    searchVisualisationPatient: 'ADVANCED',
    crossFieldByAttributeSetting: false,
    lotNumbers: false,
    retentionYears: 2,
    implantable: false,
    imageUrl: null,
    heroImageHcpUrl: null,
    heroImagePatientUrl: null,
    copiedFromId: null,
    attributeDefinitions: [],
    products: 0,
    productGroups: 0,
    version: 0,
    ...over,
  };
}

/** Product 40 'KC-1' of product type 7 'Implants' in business unit 1: unpublished, in no group. */
export function productListItem(over: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: 40,
    businessUnitId: 1,
    productTypeId: 7,
    productTypeName: 'Implants',
    keyCode: 'KC-1',
    publishDate: null,
    publishState: 'UNPUBLISHED',
    attributeValues: [],
    productGroups: 0,
    lastModifiedDate: '2026-01-01T00:00:00Z',
    ...over,
  };
}

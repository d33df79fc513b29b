/**
 * Message keys of the catalogue's business rules (spec 001 §8: product type, product, product
 * group, remark, lot range and patient-portal errors). The admin app translates each one.
 */
export const CatalogueErrorKeys = {
  productTypeNameExists: 'error.productType.nameExists',
  productTypeSlugExists: 'error.productType.slugExists',
  /** params: { max } */
  tooManyLotNumberAttributes: 'error.productType.tooManyLotNumberAttributes',
  /** params: { max } */
  tooManyStringAttributes: 'error.productType.tooManyStringAttributes',
  /** params: { audience } */
  noSearchableAttributes: 'error.productType.noSearchableAttributes',
  attributeUniqueCannotChange: 'error.productType.attributeUniqueCannotChange',
  attributeTypeCannotChange: 'error.productType.attributeTypeCannotChange',
  attributeNameExists: 'error.productType.attributeNameExists',
  attributeSlugExists: 'error.productType.attributeSlugExists',
  /** A MULTI_ARRAY (lot-number) attribute needs the lot-numbers switch. */
  lotNumbersDisabled: 'error.productType.lotNumbersDisabled',
  /** Still holds products, product groups or lot ranges. */
  productTypeNotEmpty: 'error.productType.notEmpty',
  /** Copy: the source is not a global product type, or the target is the global scope. */
  productTypeNotGlobal: 'error.productType.notGlobal',
  attributeDefinitionInUse: 'error.productType.attributeDefinitionInUse',
  /** params: { min } — an implantable type keeps what was public at least 15 years (EU 2021/2226 art. 7). */
  retentionTooShort: 'error.productType.retentionTooShort',

  patientToggleDisabled: 'error.patient.toggleDisabled',
  patientAttributeSearchDisabled: 'error.patient.attributeSearchDisabled',
  patientKeyCodeSearchDisabled: 'error.patient.keyCodeSearchDisabled',

  keyCodeExists: 'error.product.keyCodeExists',
  /** params: { attributeDefinitionId } — not an active definition of the product's type. */
  attributeDefinitionInvalid: 'error.product.attributeDefinitionInvalid',
  /** params: { attributeDefinitionId } */
  attributeValueEmpty: 'error.product.attributeValueEmpty',
  /** params: { attributeDefinitionId } */
  attributeValueNotString: 'error.product.attributeValueNotString',
  /** params: { attributeDefinitionId, max } */
  attributeValueTooLong: 'error.product.attributeValueTooLong',
  /** params: { attributeDefinitionId, name } */
  mandatoryAttributeMissing: 'error.product.mandatoryAttributeMissing',
  /** params: { attributeDefinitionId, name, value } */
  attributeValueNotUnique: 'error.product.attributeValueNotUnique',
  productTypeCannotChange: 'error.product.productTypeCannotChange',
  /** Lot numbers (MULTI_ARRAY) are linked as lot ranges, never as plain attribute values. */
  onlyLotNumbersLinkable: 'error.product.onlyLotNumbersLinkable',
  productGroupTypeMismatch: 'error.product.productGroupTypeMismatch',

  productGroupNameExists: 'error.productGroup.nameExists',
  productGroupTypeRequired: 'error.productGroup.productTypeRequired',
  productGroupTypeCannotChange: 'error.productGroup.productTypeCannotChange',
  productGroupProductTypeMismatch: 'error.productGroup.productTypeMismatch',

  productRemarkNameExists: 'error.productRemark.nameExists',

  lotRangeNotAnObject: 'error.lotRange.notAnObject',
  lotRangeMissingId: 'error.lotRange.missingId',
  lotRangeMissingName: 'error.lotRange.missingName',
  lotRangeMissingNumbers: 'error.lotRange.missingNumbers',
  /** The same name twice in one request. params: { name } */
  lotRangeDuplicateName: 'error.lotRange.duplicateName',
  /** Another lot range of the business unit has the name. params: { name } */
  lotRangeNameTaken: 'error.lotRange.nameTaken',
  lotRangeNumberInvalid: 'error.lotRange.numberInvalid',
  /** params: { max } */
  lotRangeNumberTooLong: 'error.lotRange.numberTooLong',
  lotRangeProductTypeMismatch: 'error.lotRange.productTypeMismatch',
} as const;

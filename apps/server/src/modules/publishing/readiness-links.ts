/**
 * Where each readiness problem is fixed in the admin app (apps/admin/src/app/router.tsx): the
 * publish page links every offending item there.
 */
const unit = (businessUnitId: number) => `/my-business-units/${businessUnitId}`;

export const readinessLinks = {
  /** The product type's settings and attributes (backend configuration). */
  productType: (businessUnitId: number, id: number) => `${unit(businessUnitId)}/backend-configuration/product-type/${id}`,
  /** The interface regions page: the unit's own, or the manufacturer-wide ones it inherits (unit 0). */
  interfaceRegions: (businessUnitId: number) =>
    businessUnitId === 0 ? '/general-settings/manufacturer-regions/interface' : `${unit(businessUnitId)}/website-configuration/region`,
  interfaceRegion: (regionUnitId: number, id: number) => `${readinessLinks.interfaceRegions(regionUnitId)}/${id}`,
  /** The website (interface) languages page. */
  interfaceLanguages: (businessUnitId: number) => `${unit(businessUnitId)}/website-configuration/language`,
  /** The document languages and language groups page. */
  documentLanguages: (businessUnitId: number) => `${unit(businessUnitId)}/backend-configuration/language-group`,
  /** The business unit's settings (active, …). */
  businessUnit: (businessUnitId: number) => `/general-settings/business-unit/${businessUnitId}/edit`,
  /** The unit's product types, where products are added. */
  productTypes: (businessUnitId: number) => `${unit(businessUnitId)}/product-types`,
  /** A document's files, where a file is added. */
  documentFiles: (businessUnitId: number, documentId: number) => `${unit(businessUnitId)}/document-management/${documentId}/files`,
  /** A file of a document (its versions and binary). */
  file: (businessUnitId: number, documentId: number, fileId: number) =>
    `${unit(businessUnitId)}/document-management/${documentId}/files/${fileId}`,
};

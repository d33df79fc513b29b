/**
 * What a business unit holds, its publish status and its downloads, as the areas of the unit's
 * lifecycle list (unit-content.ts) count them; the home page's cards and the delete guard read it.
 */
export interface UnitContentCounts {
  /** Configuration that also keeps a unit from being deleted (not shown on the home page). */
  productTypes: number;
  lotRanges: number;
  documentTypes: number;
  productRemarks: number;
  products: number;
  productGroups: number;
  documents: number;
  languageFilesHcp: number;
  languageFilesPatient: number;
  /** Current (not archived) files of the unit, and those of documents whose type shows to HCPs or patients. */
  files: number;
  filesHcp: number;
  filesPatient: number;
  orphanProducts: number;
  orphanDocuments: number;
  orphanProductGroups: number;
  productsNoDate: number;
  productsFutureDate: number;
  filesNoDate: number;
  filesFutureDate: number;
  totalDownloads: number;
  downloadsThisMonth: number;
  /** Website and document configuration: deleted with the unit, never blocks it (decision 0021). */
  interfaceRegions: number;
  documentRegions: number;
  interfaceLanguages: number;
  documentLanguages: number;
  languageGroups: number;
  footerItems: number;
  contentBlocks: number;
  publicResources: number;
  /** Restricted (public) user groups: configuration, deleted with the unit (decision 0032). */
  publicUserGroups: number;
  /** Publications (decision 0037): kept for ever, so they keep the unit from being deleted; not in the statistics response. */
  publications: number;
}

/** Every count at zero (an area that counts nothing of the unit adds nothing). */
export const ZERO_COUNTS: UnitContentCounts = {
  productTypes: 0,
  lotRanges: 0,
  documentTypes: 0,
  productRemarks: 0,
  products: 0,
  productGroups: 0,
  documents: 0,
  languageFilesHcp: 0,
  languageFilesPatient: 0,
  files: 0,
  filesHcp: 0,
  filesPatient: 0,
  orphanProducts: 0,
  orphanDocuments: 0,
  orphanProductGroups: 0,
  productsNoDate: 0,
  productsFutureDate: 0,
  filesNoDate: 0,
  filesFutureDate: 0,
  totalDownloads: 0,
  downloadsThisMonth: 0,
  interfaceRegions: 0,
  documentRegions: 0,
  interfaceLanguages: 0,
  documentLanguages: 0,
  languageGroups: 0,
  footerItems: 0,
  contentBlocks: 0,
  publicResources: 0,
  publicUserGroups: 0,
  publications: 0,
};

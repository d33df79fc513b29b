import type { DbOrTx } from '../../db/client.js';

/**
 * What a business unit holds, its publish status and its downloads; the home page's cards and the
 * delete guard read it. Areas not built yet contribute nothing, so their counts are a real zero.
 */
export interface UnitContentCounts {
  /** Configuration that also keeps a unit from being deleted (not shown on the home page). */
  productTypes: number;
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

/** One area's share of the counts of a business unit. */
export type UnitContentCounter = (db: DbOrTx, businessUnitId: number) => Promise<Partial<UnitContentCounts>>;

const counters: UnitContentCounter[] = [];

/**
 * The one place where areas that own business-unit content (products, product groups, documents,
 * files) add their counts; each registers once when its module loads.
 */
export function registerUnitContentCounter(counter: UnitContentCounter): void {
  counters.push(counter);
}

const ZERO: UnitContentCounts = {
  productTypes: 0,
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

export async function countUnitContent(db: DbOrTx, businessUnitId: number): Promise<UnitContentCounts> {
  const total = { ...ZERO };
  for (const counter of counters) {
    const part = await counter(db, businessUnitId);
    for (const [k, v] of Object.entries(part) as [keyof UnitContentCounts, number | undefined][]) total[k] += v ?? 0;
  }
  return total;
}

/**
 * Whether the business unit still holds product types, document types, remarks, products, product
 * groups, documents, publications or download records (the manufacturer's statistics, decision 0040).
 */
export const holdsContent = (c: UnitContentCounts) =>
  c.publications +
    c.totalDownloads +
    c.productTypes +
    c.documentTypes +
    c.productRemarks +
    c.products +
    c.productGroups +
    c.documents +
    c.languageFilesHcp +
    c.languageFilesPatient >
  0;

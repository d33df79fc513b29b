import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  bulkJob,
  contentBlock,
  document,
  documentAttributeDefinition,
  documentAttributeList,
  documentCount,
  documentDownload,
  documentSearchAccess,
  documentType,
  file,
  fileVersion,
  footerItem,
  internationalization,
  internationalizationCount,
  languageGroup,
  languageGroupLanguage,
  lotRange,
  paperCopyRequest,
  product,
  productGroup,
  productRemark,
  productType,
  publication,
  publicResource,
  publicUserGroup,
  publishState,
  region,
  regionCountry,
  scheduledExport,
  siteEmailLink,
  ticket,
  userGroupBusinessUnit,
  websiteTranslation,
} from '../../db/schema/index.js';
import { unitDownloadCounts } from '../document-downloads/document-downloads.service.js';
import { countUnitTypes } from '../document-types/document-types.repo.js';
import { unitCounts as documentCounts } from '../documents/documents.repo.js';
import { binaryKeysOfUnit, countFiles } from '../files/files.repo.js';
import { countUnitGroups as countLanguageGroups } from '../languages/languages.repo.js';
import { countUnitLotRanges } from '../lot-ranges/lot-ranges.repo.js';
import { countGroupsOfUnit } from '../product-groups/product-groups.repo.js';
import { countUnitRemarks } from '../product-remarks/product-remarks.repo.js';
import { countUnitProductTypes } from '../product-types/product-types.repo.js';
import { countUnitProducts } from '../products/products.repo.js';
import { countUnitGroups as countPublicUserGroups } from '../public-user-groups/public-user-groups.repo.js';
import { countUnitPublications, deleteUnitPreviews } from '../publishing/publications.repo.js';
import { unitLanguageLists } from '../reference-data/reference-data.repo.js';
import { countUnitRegions } from '../regions/regions.repo.js';
import { storedExportKeysOfUnit } from '../scheduled-exports/scheduled-exports.repo.js';
import { countContentBlocks, countFooterItems, countPublicResources, publicResourceKeys } from '../website-layout/website-layout.repo.js';
import type { UnitContentCounts } from './unit-counts.js';

/**
 * What a business unit's delete does with a table's rows:
 * - `keeps the unit`: the unit is not deleted while they exist (a foreign key without cascade; the
 *   area counts them, and any count of such an area refuses the delete);
 * - `deleted with the unit`: ON DELETE CASCADE (decision 0021: website and document configuration);
 * - `{ deletedWith: parent }`: carried along by the key of a parent table listed here;
 * - `kept as history`: no key to the unit, the rows outlive it (the audit log).
 */
export type OnUnitDelete = 'keeps the unit' | 'deleted with the unit' | { deletedWith: PgTable } | 'kept as history';

/** One area that holds rows of a business unit. */
export interface UnitContentArea {
  /** The module under modules/ that owns the rows. */
  area: string;
  /** Each table of the area with a business_unit_id column, and what a delete of the unit does with its rows. */
  tables: ReadonlyMap<PgTable, OnUnitDelete>;
  /** Its share of the unit's statistics (the home page's cards, and the delete's audit row). */
  count?: (db: DbOrTx, businessUnitId: number) => Promise<Partial<UnitContentCounts>>;
  /** Rows the delete removes before the unit's row goes (rows no cascade takes). */
  removeFirst?: (db: DbOrTx, businessUnitId: number) => Promise<void>;
  /** The storage keys of the binaries its rows name: removed from storage once the delete commits. */
  files?: (db: DbOrTx, businessUnitId: number) => Promise<string[]>;
}

const tables = (...entries: [PgTable, OnUnitDelete][]) => new Map(entries);

/**
 * Every area that holds content of a business unit: what it counts, what a delete of the unit does
 * with its rows, what it removes first and which binaries go after. The unit's statistics, its
 * delete guard and its delete read this list and nothing else; unit-content.test.ts checks that
 * every table with a business_unit_id column is on it, as the schema's keys say.
 */
export const UNIT_CONTENT: readonly UnitContentArea[] = [
  // the catalogue: configuration and content that keep the unit (decisions 0009 to 0011)
  {
    area: 'product-types',
    tables: tables([productType, 'keeps the unit']),
    count: async (db, unit) => ({ productTypes: await countUnitProductTypes(db, unit) }),
  },
  {
    area: 'lot-ranges',
    tables: tables([lotRange, 'keeps the unit']),
    count: async (db, unit) => ({ lotRanges: await countUnitLotRanges(db, unit) }),
  },
  {
    area: 'product-remarks',
    tables: tables([productRemark, 'keeps the unit']),
    count: async (db, unit) => ({ productRemarks: await countUnitRemarks(db, unit) }),
  },
  { area: 'products', tables: tables([product, 'keeps the unit']), count: countUnitProducts },
  {
    area: 'product-groups',
    tables: tables([productGroup, 'keeps the unit']),
    count: async (db, unit) => {
      const { total, orphans } = await countGroupsOfUnit(db, unit);
      return { productGroups: total, orphanProductGroups: orphans };
    },
  },
  // documents and their files (decisions 0031 to 0034)
  {
    area: 'document-types',
    tables: tables(
      [documentType, 'keeps the unit'],
      [documentAttributeDefinition, 'deleted with the unit'],
      [documentAttributeList, 'deleted with the unit'],
    ),
    count: async (db, unit) => ({ documentTypes: await countUnitTypes(db, unit) }),
  },
  {
    area: 'documents',
    tables: tables([document, 'keeps the unit'], [documentCount, 'deleted with the unit']),
    count: async (db, unit) => {
      const c = await documentCounts(db, unit);
      return { documents: c.documents, orphanDocuments: c.orphanDocuments, filesNoDate: c.unpublished, filesFutureDate: c.scheduled };
    },
  },
  {
    area: 'files',
    tables: tables([file, { deletedWith: document }], [fileVersion, { deletedWith: file }]),
    count: countFiles,
    files: binaryKeysOfUnit,
  },
  // the public website's records and publications (decisions 0037, 0040, 0041)
  {
    area: 'publishing',
    tables: tables([publication, 'keeps the unit'], [publishState, 'deleted with the unit']),
    count: async (db, unit) => ({ publications: await countUnitPublications(db, unit) }),
    // previews are never kept (decision 0042)
    removeFirst: deleteUnitPreviews,
  },
  { area: 'document-downloads', tables: tables([documentDownload, 'keeps the unit']), count: unitDownloadCounts },
  { area: 'paper-copy-requests', tables: tables([paperCopyRequest, 'deleted with the unit']) },
  { area: 'site', tables: tables([siteEmailLink, 'deleted with the unit']) },
  // the unit's bulk imports and exports (their rows; a stored export zip is left to expire with its link)
  { area: 'bulk', tables: tables([bulkJob, 'deleted with the unit']) },
  // the unit's scheduled exports (and those of a product type go with it); the stored zips of the
  // unit's exports, requested or scheduled, go from storage with the unit (decision 0059)
  { area: 'scheduled-exports', tables: tables([scheduledExport, 'deleted with the unit']), files: storedExportKeysOfUnit },
  // website and document configuration, deleted with the unit (decisions 0021 to 0029, 0035)
  {
    area: 'regions',
    tables: tables([region, 'deleted with the unit'], [regionCountry, { deletedWith: region }]),
    count: async (db, unit) => {
      const n = await countUnitRegions(db, unit);
      return { interfaceRegions: n.INTERFACE, documentRegions: n.DOCUMENT };
    },
  },
  {
    area: 'languages',
    tables: tables([languageGroup, 'deleted with the unit'], [languageGroupLanguage, { deletedWith: languageGroup }]),
    count: async (db, unit) => {
      const lists = await unitLanguageLists(db, unit);
      return {
        interfaceLanguages: lists?.interfaceLanguages.length ?? 0,
        documentLanguages: lists?.documentLanguages.length ?? 0,
        languageGroups: await countLanguageGroups(db, unit),
      };
    },
  },
  {
    area: 'internationalizations',
    tables: tables(
      [internationalization, 'deleted with the unit'],
      [internationalizationCount, 'deleted with the unit'],
      [websiteTranslation, 'deleted with the unit'],
    ),
  },
  {
    area: 'website-layout',
    tables: tables(
      [footerItem, 'deleted with the unit'],
      [contentBlock, 'deleted with the unit'],
      [publicResource, 'deleted with the unit'],
    ),
    count: async (db, unit) => ({
      footerItems: await countFooterItems(db, unit),
      contentBlocks: await countContentBlocks(db, unit),
      publicResources: await countPublicResources(db, unit),
    }),
    files: publicResourceKeys,
  },
  {
    area: 'public-user-groups',
    tables: tables([publicUserGroup, 'deleted with the unit']),
    count: async (db, unit) => ({ publicUserGroups: await countPublicUserGroups(db, unit) }),
  },
  { area: 'document-search-access', tables: tables([documentSearchAccess, 'deleted with the unit']) },
  // who may work in the unit: the groups' link to it goes with it
  { area: 'user-groups', tables: tables([userGroupBusinessUnit, 'deleted with the unit']) },
  { area: 'audit-logs', tables: tables([auditLog, 'kept as history']) },
  // a help ticket names the unit its requester was working in, as history (decision 0073)
  { area: 'tickets', tables: tables([ticket, 'kept as history']) },
];

/** Whether the area's rows keep the unit from being deleted. */
export const keepsTheUnit = (area: UnitContentArea): boolean => [...area.tables.values()].includes('keeps the unit');

/** The storage keys of the unit's binaries in every area (removed once the unit's delete commits). */
export async function unitFiles(db: DbOrTx, businessUnitId: number, areas = UNIT_CONTENT): Promise<string[]> {
  const keys: string[] = [];
  for (const area of areas) if (area.files) keys.push(...(await area.files(db, businessUnitId)));
  return keys;
}

/** Removes the rows of every area that no cascade takes with the unit. */
export async function removeUnitRows(db: DbOrTx, businessUnitId: number, areas = UNIT_CONTENT): Promise<void> {
  for (const area of areas) await area.removeFirst?.(db, businessUnitId);
}

import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  pubAttributeValue,
  pubDocument,
  pubDocumentProduct,
  pubFileVersion,
  pubLotRange,
  publication,
  pubProduct,
  pubProductGroup,
  pubRemark,
} from '../../db/schema/index.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import type { PublishedSite } from '../publishing/published-site.js';

/**
 * Small fixtures for the read model's tests: a publication row with a site built in the test and
 * pub_* rows written directly (no compile, no admin rows: the read model reads nothing else).
 * Ids inside a publication are the admin ids at compile time; here they are just numbers.
 */

type SiteType = PublishedSite['productTypes'][number];
type SiteDefinition = SiteType['attributeDefinitions'][number];

export const T0 = new Date('2026-03-01T00:00:00Z');
/** An instant `days` after T0. */
export const day = (days: number) => new Date(T0.getTime() + days * 86_400_000);

export function definition(id: number, over: Partial<SiteDefinition> = {}): SiteDefinition {
  return {
    id,
    name: `Attribute ${id}`,
    slug: `attribute-${id}`,
    type: 'STRING',
    isMandatoryHcpSearch: false,
    isMandatoryPatientSearch: false,
    pinned: false,
    searchTypeHcp: 'VISIBLE',
    searchTypePatient: 'NOT_VISIBLE',
    meta: null,
    visualizationOrder: id,
    ...over,
  };
}

export function productType(id: number, over: Partial<SiteType> = {}): SiteType {
  return {
    id,
    name: `Type ${id}`,
    slug: `type-${id}`,
    keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT',
    keyCodeSearchTypePatient: 'NOT_VISIBLE',
    keyCodeLabelHcp: null,
    keyCodeLabelPatient: null,
    imageKey: null,
    heroImageHcpKey: null,
    heroImagePatientKey: null,
    searchVisualisationHcp: 'ADVANCED',
    searchVisualisationPatient: 'ADVANCED',
    crossFieldByAttributeSetting: false,
    lotNumbers: false,
    attributeDefinitions: [],
    ...over,
  };
}

/** A site with one region (BE, DE, FR), English and French, HCP only, one product type (id 1, slug 'type-1') and one document type (id 1). */
export function site(
  unitId: number,
  slug: string,
  over: Partial<PublishedSite> = {},
  settings: Partial<PublishedSite['unit']['settings']> = {},
): PublishedSite {
  return {
    format: 1,
    unit: {
      id: unitId,
      slug,
      displayName: `Unit ${slug}`,
      active: true,
      settings: {
        publicUserGroupActive: false,
        productChangelogActive: false,
        alwaysShowWorldwideFilesActive: false,
        showSearchOnResultPage: true,
        showSearchOnDetailPage: true,
        oneColumnLayout: false,
        latestVersionVisualisationOption: 'COUNTRY_LANGUAGE',
        fileHideVersionDate: false,
        documentSearch: false,
        documentSearchRestricted: false,
        documentAttribute: false,
        documentSearchVisualisation: 'ADVANCED',
        hideDocumentNumber: false,
        ...settings,
      },
    },
    manufacturer: { name: 'Maker', patientPortal: false, worldWidePublicWebsite: false },
    audiences: ['HCP'],
    regions: [
      {
        id: 1,
        name: 'Europe',
        countries: [
          { isoCode: 'BE', name: 'Belgium' },
          { isoCode: 'DE', name: 'Germany' },
          { isoCode: 'FR', name: 'France' },
        ],
      },
    ],
    languages: [
      { isoCode: 'en', name: 'English', nativeName: 'English', rtl: false },
      { isoCode: 'fr', name: 'French', nativeName: 'Français', rtl: false },
    ],
    documentLanguages: ['en', 'fr', 'de'],
    layout: {
      logoKey: null,
      mainColor: null,
      highlightColor: null,
      lightHeaderText: false,
      headerTextTitle: null,
      headerTextBody: null,
      cssContent: '',
      footerItems: [],
      contentBlocks: [],
      publicResources: [],
    },
    translations: { en: {} },
    productTypes: [productType(1)],
    documentTypes: [{ id: 1, name: 'Instructions for use', hcp: true, patient: true, sortNumber: 1 }],
    documentAttributeDefinitions: [],
    restrictedGroups: [],
    documentSearchEmails: [],
    ...over,
  };
}

export async function makeUnit(db: DbOrTx) {
  return makeBusinessUnit(db);
}

/**
 * A publication row: PUBLISH holds its own content; RESTORE points at `contentId`. Numbers follow
 * creation dates here as they do in the product.
 */
export async function insertPublication(
  db: DbOrTx,
  p: { unitId: number; number: number; site: PublishedSite; createdDate?: Date; kind?: 'PUBLISH' | 'RESTORE'; contentId?: number },
): Promise<number> {
  const [row] = await db
    .insert(publication)
    .values({
      businessUnitId: p.unitId,
      number: p.number,
      kind: p.kind ?? 'PUBLISH',
      contentId: p.contentId ?? 0,
      restoredFromId: p.kind === 'RESTORE' ? (p.contentId ?? null) : null,
      createdDate: p.createdDate ?? T0,
      counts: {},
      site: p.site,
    })
    .returning({ id: publication.id });
  if (p.contentId === undefined) await db.update(publication).set({ contentId: row.id }).where(eq(publication.id, row.id));
  return row.id;
}

export async function insertProduct(
  db: DbOrTx,
  contentId: number,
  p: {
    productId: number;
    keyCode: string;
    productTypeId?: number;
    publishDate?: Date;
    lotRangeIds?: number[];
    productGroupIds?: number[];
    values?: Record<number, string>;
  },
): Promise<void> {
  await db.insert(pubProduct).values({
    publicationId: contentId,
    productId: p.productId,
    productTypeId: p.productTypeId ?? 1,
    keyCode: p.keyCode,
    publishDate: p.publishDate ?? T0,
    lotRangeIds: p.lotRangeIds ?? [],
    productGroupIds: p.productGroupIds ?? [],
    hash: 'h',
  });
  const values = Object.entries(p.values ?? {});
  if (values.length > 0) {
    await db
      .insert(pubAttributeValue)
      .values(
        values.map(([id, value]) => ({ publicationId: contentId, productId: p.productId, attributeDefinitionId: Number(id), value })),
      );
  }
}

export async function insertLotRange(
  db: DbOrTx,
  contentId: number,
  r: { lotRangeId: number; numbers: string[]; productTypeId?: number; appliesToAll?: boolean; archiveDate?: Date | null },
): Promise<void> {
  await db.insert(pubLotRange).values({
    publicationId: contentId,
    lotRangeId: r.lotRangeId,
    productTypeId: r.productTypeId ?? 1,
    name: `Range ${r.lotRangeId}`,
    numbers: r.numbers,
    lotKeys: r.numbers.map((n) => n.toLowerCase()),
    appliesToAll: r.appliesToAll ?? false,
    archiveDate: r.archiveDate ?? null,
  });
}

export async function insertGroup(
  db: DbOrTx,
  contentId: number,
  g: { productGroupId: number; remarkIds: number[]; productTypeId?: number },
) {
  await db.insert(pubProductGroup).values({
    publicationId: contentId,
    productGroupId: g.productGroupId,
    productTypeId: g.productTypeId ?? 1,
    name: `Group ${g.productGroupId}`,
    remarkIds: g.remarkIds,
  });
}

export async function insertRemark(
  db: DbOrTx,
  contentId: number,
  r: { remarkId: number; hcp: boolean; patient: boolean; visualizationOrder: number; content?: string },
): Promise<void> {
  await db.insert(pubRemark).values({
    publicationId: contentId,
    remarkId: r.remarkId,
    name: `Remark ${r.remarkId}`,
    hcp: r.hcp,
    patient: r.patient,
    content: r.content ?? `<p>Remark ${r.remarkId}</p>`,
    storageKey: null,
    visualizationOrder: r.visualizationOrder,
  });
}

/** A document linked to the given products. */
export async function insertDocument(
  db: DbOrTx,
  contentId: number,
  d: {
    documentId: number;
    productIds: number[];
    number?: string;
    documentTypeId?: number;
    restrictedGroupIds?: number[];
    attributes?: { attributeDefinitionId: number; value: string }[];
  },
): Promise<void> {
  await db.insert(pubDocument).values({
    publicationId: contentId,
    documentId: d.documentId,
    number: d.number ?? `DOC-${d.documentId}`,
    name: `Document ${d.documentId}`,
    documentTypeId: d.documentTypeId ?? 1,
    attributes: d.attributes ?? [],
    restrictedGroupIds: d.restrictedGroupIds ?? [],
    hash: 'h',
  });
  if (d.productIds.length > 0) {
    await db
      .insert(pubDocumentProduct)
      .values(d.productIds.map((productId) => ({ publicationId: contentId, productId, documentId: d.documentId })));
  }
}

/** A public version of a file: by default for BE in English, all lots, published at T0, dated 2026-01-01. */
export async function insertVersion(
  db: DbOrTx,
  contentId: number,
  v: {
    fileVersionId: number;
    fileId: number;
    documentId: number;
    label?: string;
    versionDate?: string;
    publishDate?: Date;
    archiveDate?: Date | null;
    countries?: string[];
    languages?: string[];
    restOfTheWorld?: boolean;
    allLotNumbers?: boolean;
    lotRangeIds?: number[];
    fileName?: string;
  },
): Promise<void> {
  await db.insert(pubFileVersion).values({
    publicationId: contentId,
    fileVersionId: v.fileVersionId,
    fileId: v.fileId,
    documentId: v.documentId,
    fileName: v.fileName ?? `File ${v.fileId}`,
    label: v.label ?? `v${v.fileVersionId}`,
    versionDate: v.versionDate ?? '2026-01-01',
    validTo: null,
    publishDate: v.publishDate ?? T0,
    archiveDate: v.archiveDate ?? null,
    restOfTheWorld: v.restOfTheWorld ?? false,
    allLotNumbers: v.allLotNumbers ?? true,
    historical: false,
    remarks: null,
    countries: v.restOfTheWorld ? [] : (v.countries ?? ['BE']),
    languages: v.languages ?? ['en'],
    lotRangeIds: v.lotRangeIds ?? [],
    binaryKey: `documents/${v.fileVersionId}`,
    binaryName: `file-${v.fileVersionId}.pdf`,
    binarySize: 1000,
    mediaType: 'application/pdf',
    sha256: 'abc',
    hash: 'h',
  });
}

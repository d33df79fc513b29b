import type { PublishedSite } from '../publishing/published-site.js';

/**
 * What the public read model answers (decision 0038). Every function takes the database, the
 * live publication (or the unit) and an explicit instant `at`: publish and archive dates are
 * compared with it, so scheduled items appear and archived ones vanish without a publish, and a
 * past instant answers what the public saw then.
 */

export type Audience = 'HCP' | 'PATIENT';

/** A unit as a visitor names it (its slug in the URL) or as the server knows it (its id). */
export type UnitRef = { slug: string } | { id: number };

/** The publication a unit's visitors see at an instant, with its site document. */
export interface LivePublication {
  /** The live publication row (the unit's highest-numbered one created at or before the instant). */
  publicationId: number;
  number: number;
  kind: 'PUBLISH' | 'RESTORE' | 'DEACTIVATE' | 'ACTIVATE';
  createdDate: Date;
  businessUnitId: number;
  /** The publication whose pub_* rows and site hold the content (itself, or the restored one). */
  contentId: number;
  site: PublishedSite;
}

export type SiteProductType = PublishedSite['productTypes'][number];
export type SearchType = 'NOT_VISIBLE' | 'VISIBLE' | 'SEARCHABLE_EXACT' | 'SEARCHABLE_PARTIAL' | 'SEARCHABLE_DROPDOWN';

/** A country the site offers, with its region. */
export interface OfferedRegion {
  id: number;
  name: string;
  countries: { isoCode: string; name: string }[];
}

/** A search field of a product type for one audience (the key code, an attribute or the lot number). */
export interface SearchField {
  /** 'keyCode', 'lot', or the attribute definition's id. */
  field: 'keyCode' | 'lot' | number;
  label: string;
  searchType: 'SEARCHABLE_EXACT' | 'SEARCHABLE_PARTIAL' | 'SEARCHABLE_DROPDOWN';
  mandatory: boolean;
}

/** A product type as one audience sees it, names in the visitor's language. */
export interface PublicProductType {
  id: number;
  slug: string;
  name: string;
  imageKey: string | null;
  heroImageKey: string | null;
  searchVisualisation: string;
  crossFieldByAttributeSetting: boolean;
  lotNumbers: boolean;
  /** The key code's label for the audience; null when the key code is not shown to it. */
  keyCodeLabel: string | null;
  keyCodeSearchType: SearchType;
  searchFields: SearchField[];
}

export interface ProductSearchQuery {
  productTypeSlug: string;
  audience: Audience;
  /** Names of attributes and labels in this interface language (English fallback). */
  language?: string;
  keyCode?: string;
  /** Values by attribute definition id. */
  attributes?: Record<number, string>;
  lot?: string;
  /** From 0. */
  page?: number;
  /** 1 to 100, default 10. */
  size?: number;
}

/** An attribute value as shown: the definition's name in the visitor's language. */
export interface ShownAttribute {
  attributeDefinitionId: number;
  name: string;
  value: string;
}

export interface ProductHit {
  productId: number;
  /** Null when the type's key code is NOT_VISIBLE for the audience. */
  keyCode: string | null;
  attributes: ShownAttribute[];
}

/**
 * The answer to a search: the page, or why the criteria were refused (a mandatory field without
 * a value; a field that is not searchable for the audience, or lot search while the type's lot
 * numbers are off). A refused search names the fields and matches nothing.
 */
export type ProductSearchResult =
  | { kind: 'page'; items: ProductHit[]; page: number; size: number; total: number }
  | { kind: 'missing'; fields: SearchField['field'][] }
  | { kind: 'invalid'; fields: SearchField['field'][] };

export type ProductRef = { keyCode: string } | { productId: number };

export interface PublicRemark {
  id: number;
  /** Sanitised HTML, in the visitor's language when translated. */
  content: string;
  storageKey: string | null;
}

export interface PublicProduct {
  productId: number;
  productTypeId: number;
  productTypeSlug: string;
  keyCode: string | null;
  attributes: ShownAttribute[];
  /** The remarks of the product's groups for the audience, by visualisation order. */
  remarks: PublicRemark[];
}

/** Who is looking: the visitor's choices on the site. */
export interface Visitor {
  audience: Audience;
  /** ISO 3166-1 alpha-2 (any case): one of the site's countries. */
  country: string;
  /** ISO 639-1 (any case): the visitor's language. */
  language: string;
  /** A lot number the visitor entered. */
  lot?: string;
  /** An e-mail address the site has verified (restricted documents). */
  verifiedEmail?: string;
}

export interface PublicFileVersion {
  fileVersionId: number;
  label: string;
  /** Null when the unit hides version dates. */
  versionDate: string | null;
  validTo: string | null;
  publishDate: Date;
}

export interface PublicFile {
  fileId: number;
  name: string;
  languages: string[];
  countries: string[];
  restOfTheWorld: boolean;
  allLotNumbers: boolean;
  historical: boolean;
  remarks: string | null;
  /** The current public version: latest by version date, then id, among those published at the instant. */
  current: PublicFileVersion & { binaryName: string | null; binarySize: number | null; mediaType: string | null };
  /** The earlier public versions, newest first (EU 2021/2226). */
  previous: PublicFileVersion[];
}

export interface PublicDocument {
  documentId: number;
  /** Null when the unit hides document numbers. */
  number: string | null;
  name: string;
  documentType: { id: number; name: string; sortNumber: number };
  /** Attributes of visible definitions, when the unit shows document attributes. */
  attributes: { attributeDefinitionId: number; name: string; value: string }[];
  /** Restricted to groups (shown only to a visitor of one of them). */
  restricted: boolean;
  /**
   * Whether a file listed is in the visitor's language. False: the document has none, and its
   * files in other languages are listed instead (decision 0048); the page says so.
   */
  inVisitorLanguage: boolean;
  files: PublicFile[];
}

export type FileRef = { fileVersionId: number } | { fileId: number };

/** What the download confirmation shows, and where the binary is. */
export interface DownloadableFile {
  productTypeId: number;
  productTypeName: string;
  keyCode: string | null;
  /** `storedNumber`: the number even when the unit hides it from visitors (for a paper-copy request, never shown). */
  document: { documentId: number; number: string | null; storedNumber: string; name: string; restricted: boolean };
  file: { fileId: number; name: string };
  version: PublicFileVersion;
  /** True when it is the file's current public version. */
  isCurrent: boolean;
  binaryKey: string;
  binaryName: string | null;
  binarySize: number | null;
  mediaType: string | null;
  sha256: string | null;
}

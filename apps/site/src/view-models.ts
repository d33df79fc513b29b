import type { Choice, DownloadContext, SiteRoot } from './urls.js';

/**
 * What the pages show, as plain values. The server's site module fills them from the public read
 * model; the views never fetch anything.
 */

/** The unit's look, from the live publication's layout. */
export interface UnitView {
  slug: string;
  /** Where its pages live (siteRoot or previewRoot): every link of a page starts here. */
  root: SiteRoot;
  /** Set on a signed-in user's preview: shown as a banner on every page. */
  preview: PreviewBanner | null;
  name: string;
  /** Changes with every publication: the style sheets' cache-busting version. */
  styleVersion: string;
  hasCustomCss: boolean;
  logoUrl: string | null;
  lightHeaderText: boolean;
  headerTitle: string | null;
  headerBody: string | null;
  footerItems: { text: string; publicUrl: string }[];
}

/** What a preview banner says: which publication (null: the unpublished state) and how to leave. */
export interface PreviewBanner {
  publicationNumber: number | null;
  exitUrl: string;
  /** The unit is inactive: visitors see the coming-soon page, not this. */
  inactive: boolean;
}

/** The visitor's language as the page is written in it. */
export interface PageLanguage {
  isoCode: string;
  rtl: boolean;
}

/** The visitor's choice with names to show. */
export interface ChoiceView extends Choice {
  countryName: string;
  languageName: string;
}

export interface RegionView {
  name: string;
  countries: { isoCode: string; name: string }[];
}

export interface LanguageView {
  isoCode: string;
  name: string;
  nativeName: string;
}

export interface ProductTypeView {
  slug: string;
  name: string;
  imageUrl: string | null;
}

export interface SearchFieldView {
  /** The query parameter: keyCode, lot, or a{definitionId}. */
  param: string;
  label: string;
  mandatory: boolean;
  /** The values of a dropdown field; undefined for a text field. */
  options?: string[];
  value: string;
  /** A partial-search field: the type-ahead suggests values while typing (decision 0046). */
  suggest?: boolean;
}

export interface ProductHitView {
  keyCode: string | null;
  url: string;
  attributes: { name: string; value: string }[];
}

export interface VersionView {
  fileVersionId: number;
  label: string;
  versionDate: string | null;
  downloadUrl: string;
}

export interface FileView {
  fileId: number;
  name: string;
  languages: string[];
  restOfTheWorld: boolean;
  current: VersionView & { size: number | null; mediaType: string | null };
  previous: VersionView[];
}

export interface DocumentView {
  number: string | null;
  name: string;
  typeName: string;
  attributes: { name: string; value: string }[];
  files: FileView[];
}

export interface DownloadView {
  productTypeName: string;
  keyCode: string | null;
  documentNumber: string | null;
  documentName: string;
  fileName: string;
  versionLabel: string;
  versionDate: string | null;
  isCurrent: boolean;
  languages: string[];
  binaryName: string | null;
  binarySize: number | null;
  context: DownloadContext;
  downloadUrl: string;
  backUrl: string;
}

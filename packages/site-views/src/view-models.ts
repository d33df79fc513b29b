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
  /** The page's path under the site root: "Change country or language" comes back to it in the new choice. */
  from?: string;
}

/** A language as the visitor reads it: its code (for `lang`) and its name in that language. */
export interface LanguageName {
  code: string;
  name: string;
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
  languages: LanguageName[];
  restOfTheWorld: boolean;
  current: VersionView & { size: number | null; mediaType: string | null };
  previous: VersionView[];
  /** The form asking for a free paper copy of the current version (EU 2021/2226). */
  paperCopyUrl: string;
}

export interface DocumentView {
  number: string | null;
  name: string;
  typeName: string;
  attributes: { name: string; value: string }[];
  /** False: no file is in the visitor's language, the files listed are in others (decision 0048). */
  inVisitorLanguage: boolean;
  files: FileView[];
}

/** What a file of a product's document is, as the download confirmation and the paper-copy form name it. */
export interface FileSummaryView {
  productTypeName: string;
  keyCode: string | null;
  documentNumber: string | null;
  documentName: string;
  fileName: string;
  versionLabel: string;
}

export interface DownloadView extends FileSummaryView {
  versionDate: string | null;
  isCurrent: boolean;
  languages: LanguageName[];
  /** The name the file is saved under: its extension follows its type. */
  binaryName: string | null;
  binarySize: number | null;
  context: DownloadContext;
  downloadUrl: string;
  backUrl: string;
}

/** One field of the paper-copy form: its value as sent and, when refused, the message beside it. */
export interface FormFieldView {
  value: string;
  error?: string;
}

/** What the paper-copy form asks about: the document and file as the product page listed them. */
export interface PaperCopyDocumentView extends FileSummaryView {
  backUrl: string;
}

export interface PaperCopyFormView {
  action: string;
  /** The signed form token (issued when the form was shown; checked for its age when sent). */
  token: string;
  fields: {
    name: FormFieldView;
    street: FormFieldView;
    postcode: FormFieldView;
    city: FormFieldView;
    country: FormFieldView;
    email: FormFieldView;
    language: FormFieldView;
  };
  /** The site's countries (the visitor's is preselected). */
  countries: { isoCode: string; name: string }[];
  /** The languages a copy can be asked in: the file's, and the visitor's. */
  languages: { isoCode: string; name: string }[];
  /** A message over the whole form: fields to correct, or a refused sending to try again. */
  problem: string | null;
}

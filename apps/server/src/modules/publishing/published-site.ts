/**
 * What a publication holds about its unit besides the per-product rows (publication.site, jsonb):
 * everything small the public website needs, frozen at compile time (decision 0037). The compile
 * (publishing/compile-site.ts) writes it; the read model (modules/public-read) is its only reader.
 * Dates are ISO strings; ids are the admin ids at compile time.
 */
export interface PublishedSite {
  /** Bumped when this shape changes incompatibly; the read model refuses an unknown one. */
  format: 1;
  unit: {
    id: number;
    slug: string;
    displayName: string;
    active: boolean;
    settings: {
      publicUserGroupActive: boolean;
      productChangelogActive: boolean;
      alwaysShowWorldwideFilesActive: boolean;
      showSearchOnResultPage: boolean;
      showSearchOnDetailPage: boolean;
      oneColumnLayout: boolean;
      latestVersionVisualisationOption: 'COUNTRY_LANGUAGE' | 'COUNTRY' | 'VERSION';
      fileHideVersionDate: boolean;
      documentSearch: boolean;
      documentSearchRestricted: boolean;
      documentAttribute: boolean;
      documentSearchVisualisation: 'ADVANCED' | 'CROSS_FIELD' | 'ADVANCED_AND_CROSS_FIELD';
      hideDocumentNumber: boolean;
    };
  };
  /** The manufacturer's switches that shape the site. */
  manufacturer: { name: string; patientPortal: boolean; worldWidePublicWebsite: boolean };
  /** HCP always; PATIENT while the patient portal is on. */
  audiences: ('HCP' | 'PATIENT')[];
  /** The interface regions in use (the unit's own, else unit 0's), each with its countries (ISO, upper-case). */
  regions: { id: number; name: string; countries: { isoCode: string; name: string }[] }[];
  /** The interface languages (ISO codes, English first), with what the site needs to render them. */
  languages: { isoCode: string; name: string; nativeName: string; rtl: boolean }[];
  /** The document languages of the unit (ISO codes). */
  documentLanguages: string[];
  layout: {
    /** Effective (the unit's own, else unit 0's: decision 0028). Storage keys, never copied binaries. */
    logoKey: string | null;
    mainColor: string | null;
    highlightColor: string | null;
    lightHeaderText: boolean;
    headerTextTitle: string | null;
    headerTextBody: string | null;
    cssContent: string;
    footerItems: { text: string; publicUrl: string; visualizationOrder: number }[];
    contentBlocks: { type: string; productTypeId: number | null; hcp: boolean; patient: boolean; content: string }[];
    /** The public resources the CSS and content may reference, by name. */
    publicResources: { name: string; storageKey: string; mediaType: string; size: number; sha256: string }[];
  };
  /**
   * Translations by interface language ISO code: the website's fixed texts (effective: unit over
   * manufacturer-wide over the catalogue's English) under their keys, and record translations
   * under `<entity>.<id>.<field>` (product type names, attribute names, key-code labels, document
   * type names, …). English is the fallback.
   */
  translations: Record<string, Record<string, string>>;
  /** ENABLED product types only. */
  productTypes: {
    id: number;
    name: string;
    slug: string;
    keyCodeSearchTypeHcp: string;
    keyCodeSearchTypePatient: string;
    keyCodeLabelHcp: string | null;
    keyCodeLabelPatient: string | null;
    imageKey: string | null;
    heroImageHcpKey: string | null;
    heroImagePatientKey: string | null;
    searchVisualisationHcp: string;
    searchVisualisationPatient: string;
    crossFieldByAttributeSetting: boolean;
    lotNumbers: boolean;
    /** Active definitions in visualisation order. */
    attributeDefinitions: {
      id: number;
      name: string;
      slug: string;
      type: 'STRING' | 'MULTI_ARRAY';
      isMandatoryHcpSearch: boolean;
      isMandatoryPatientSearch: boolean;
      pinned: boolean;
      searchTypeHcp: string;
      searchTypePatient: string;
      meta: string | null;
      visualizationOrder: number;
    }[];
  }[];
  /**
   * Active document types, by sort number. `linkType`: the GS1 Web Vocabulary link type its files
   * are listed under by the GS1 resolver (decision 0049); publications compiled before it have none
   * (the resolver reads `gs1:instructions`).
   */
  documentTypes: { id: number; name: string; hcp: boolean; patient: boolean; sortNumber: number; linkType?: string }[];
  /** Active document attribute definitions, in visualisation order. */
  documentAttributeDefinitions: { id: number; name: string; slug: string; searchType: string; visualizationOrder: number }[];
  /** Restricted groups (only when publicUserGroupActive): who may open the documents restricted to them. */
  restrictedGroups: { id: number; name: string; enabled: boolean; emails: string[] }[];
  /** The e-mails allowed the restricted document search. */
  documentSearchEmails: string[];
}

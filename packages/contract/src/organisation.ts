import { z } from 'zod';
import {
  bodyId,
  hexColor,
  httpUrl,
  idSchema,
  multiLineText,
  nameSchema,
  pageableSchema,
  pageQuery,
  plainText,
  searchText,
  slugSchema,
  versionField,
} from './common.js';
import { ErrorKeys } from './errors.js';
import { CSS_MAX_CHARS, layoutEffectiveSchema, layoutInheritedSchema } from './website-layout.js';

/** Error keys of the organisation areas (manufacturer, business units, audit logs, images). */
export const OrganisationErrorKeys = {
  notAnImage: ErrorKeys.notAnImage,
  fileTooLarge: ErrorKeys.fileTooLarge,
  unsupportedContentType: ErrorKeys.unsupportedContentType,
  slugExists: ErrorKeys.slugExists,
  slugCannotChange: ErrorKeys.slugCannotChange,
  englishRequired: ErrorKeys.englishRequired,
  businessUnitNotEmpty: ErrorKeys.businessUnitNotEmpty,
  idMismatch: ErrorKeys.idMismatch,
  /** A single sign-on mechanism needs an enabled ADMIN single sign-on configuration with a domain and a client id. */
  ssoNotConfigured: 'error.manufacturer.ssoNotConfigured',
} as const;

export const AUTHENTICATION_MECHANISMS = ['USERNAME_PASSWORD', 'IMPLICIT_FLOW', 'AUTHORIZATION_CODE_FLOW'] as const;
export const authenticationMechanismSchema = z.enum(AUTHENTICATION_MECHANISMS);

export const manufacturerSettingsSchema = z.object({
  worldWidePublicWebsite: z.boolean(),
  patientBusinessUnitSearch: z.boolean(),
  globalSearch: z.boolean(),
  validationRecordsActive: z.boolean(),
  softwareVersion: z.string(),
  authenticationMechanism: authenticationMechanismSchema,
  authenticationMechanismAdmin: authenticationMechanismSchema,
  maxLoginAttempts: z.number().int().min(1, 'Min').max(100, 'Max'),
  /** 0 means passwords never expire. */
  passwordValidityDays: z.number().int().min(0, 'Min').max(3650, 'Max'),
  /** How many previous passwords cannot be reused (at least 2). */
  oldPasswordsCount: z.number().int().min(2, 'Min').max(50, 'Max'),
  /** An absolute http(s) URL. */
  publicWebsiteUrl: httpUrl(500).nullable(),
  version: z.number(),
});
export type ManufacturerSettings = z.infer<typeof manufacturerSettingsSchema>;
/** The switches that shape menus and forms, readable by every signed-in user. */
export const manufacturerFeaturesSchema = manufacturerSettingsSchema.pick({
  worldWidePublicWebsite: true,
  patientBusinessUnitSearch: true,
  globalSearch: true,
  validationRecordsActive: true,
  authenticationMechanism: true,
});
export type ManufacturerFeatures = z.infer<typeof manufacturerFeaturesSchema>;
export const manufacturerSettingsBody = manufacturerSettingsSchema.omit({ softwareVersion: true }).extend({ version: versionField });

export const manufacturerSchema = z.object({
  id: z.number(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  audienceImageHcpUrl: z.string().nullable(),
  audienceImagePatientUrl: z.string().nullable(),
  settings: manufacturerSettingsSchema,
});
export const manufacturerNameBody = z.object({ name: nameSchema });
/**
 * The public name, with the logo's versioned URL (null when none is stored): the top bar and the
 * sign-in page ask for the logo only when there is one, so no page makes a failing request.
 */
export const manufacturerNameSchema = z.object({ name: z.string(), logoUrl: z.string().nullable() });
export const audienceSchema = z.enum(['HCP', 'PATIENT']);
export type Audience = z.infer<typeof audienceSchema>;
export const audienceQuery = z.object({ audience: audienceSchema });
const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
export const authenticationMechanismQuery = z.object({ admin: booleanQuery });
export const authenticationMechanismResponse = z.object({ authenticationMechanism: authenticationMechanismSchema });
export const publicWebsiteUrlSchema = z.object({ url: z.string() });

export const LATEST_VERSION_OPTIONS = ['COUNTRY_LANGUAGE', 'COUNTRY', 'VERSION'] as const;
export const BULK_IMPORT_TYPES = ['REPLACE', 'ADD'] as const;
export const DOCUMENT_SEARCH_VISUALISATIONS = ['ADVANCED', 'CROSS_FIELD', 'ADVANCED_AND_CROSS_FIELD'] as const;

/** English cannot be removed from a business unit's interface languages. */
export const REQUIRED_INTERFACE_LANGUAGE = 'en';

const businessUnitFields = {
  displayName: nameSchema,
  active: z.boolean().default(true),
  mainColor: hexColor.nullable().default(null),
  highlightColor: hexColor.nullable().default(null),
  lightHeaderText: z.boolean().default(false),
  /** Plain text. */
  headerTextTitle: plainText().trim().max(255, 'Size').nullable().default(null),
  /** Plain text (several lines). */
  headerTextBody: multiLineText().trim().max(2000, 'Size').nullable().default(null),
  publicUserGroupActive: z.boolean().default(false),
  productChangelogActive: z.boolean().default(false),
  alwaysShowWorldwideFilesActive: z.boolean().default(false),
  showSearchOnResultPage: z.boolean().default(true),
  showSearchOnDetailPage: z.boolean().default(true),
  oneColumnLayout: z.boolean().default(false),
  latestVersionVisualisationOption: z.enum(LATEST_VERSION_OPTIONS).default('COUNTRY_LANGUAGE'),
  bulkImportType: z.enum(BULK_IMPORT_TYPES).default('ADD'),
  fileHideVersionDate: z.boolean().default(false),
  documentSearch: z.boolean().default(false),
  documentSearchRestricted: z.boolean().default(false),
  documentAttribute: z.boolean().default(false),
  documentSearchVisualisation: z.enum(DOCUMENT_SEARCH_VISUALISATIONS).default('ADVANCED'),
  hideDocumentNumber: z.boolean().default(false),
};

/**
 * A unit's languages are edited by api/interface-languages and api/document-languages (decision
 * 0023); the unit answers them read-only. A new unit may name its first lists; left out, it starts
 * with the manufacturer-wide lists (unit 0).
 */
const unitLanguageLists = {
  interfaceLanguages: z.array(z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Pattern')).max(300, 'Size'),
  documentLanguages: z.array(z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Pattern')).max(300, 'Size'),
};

export const businessUnitSchema = z.object({
  id: z.number(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  version: z.number(),
  ...businessUnitFields,
  ...unitLanguageLists,
});
export type BusinessUnit = z.output<typeof businessUnitSchema>;

export const businessUnitCreateBody = z.object({
  id: z.undefined().or(z.null()).optional(),
  slug: slugSchema,
  ...businessUnitFields,
  interfaceLanguages: unitLanguageLists.interfaceLanguages.optional(),
  documentLanguages: unitLanguageLists.documentLanguages.optional(),
});
/**
 * The public website's look (colours, header texts) is edited on the layout screen (PUT
 * api/business-units/layout); the settings update may leave it out, and then it stays as stored.
 */
export const businessUnitUpdateBody = z.object({
  id: bodyId(),
  slug: plainText().max(50, 'Size'),
  version: versionField,
  ...businessUnitFields,
  mainColor: businessUnitFields.mainColor.unwrap().optional(),
  highlightColor: businessUnitFields.highlightColor.unwrap().optional(),
  lightHeaderText: businessUnitFields.lightHeaderText.unwrap().optional(),
  headerTextTitle: businessUnitFields.headerTextTitle.unwrap().optional(),
  headerTextBody: businessUnitFields.headerTextBody.unwrap().optional(),
});
export const businessUnitStatisticsSchema = z.object({
  id: z.number(),
  slug: z.string(),
  displayName: z.string(),
  active: z.boolean(),
  languageFilesHcp: z.number(),
  languageFilesPatient: z.number(),
  products: z.number(),
  documents: z.number(),
  orphans: z.object({ products: z.number(), documents: z.number(), productGroups: z.number() }),
  /**
   * Unpublished (no date) and scheduled (future date) products, and unpublished and scheduled
   * documents (filesNoDate, filesFutureDate: by the publish state of their files' current versions).
   */
  publishStatus: z.object({
    productsNoDate: z.number(),
    productsFutureDate: z.number(),
    filesNoDate: z.number(),
    filesFutureDate: z.number(),
  }),
  /** Public-website downloads: all time and this calendar month (UTC). */
  downloads: z.object({ totalDownloads: z.number(), totalDownloadsForPeriod: z.number() }),
  /** The unit's own website and document configuration (regions, languages, layout and content; decision 0021). */
  configuration: z.object({
    interfaceRegions: z.number(),
    documentRegions: z.number(),
    interfaceLanguages: z.number(),
    documentLanguages: z.number(),
    languageGroups: z.number(),
    footerItems: z.number(),
    contentBlocks: z.number(),
    publicResources: z.number(),
    /** Restricted (public) user groups (decision 0032). */
    publicUserGroups: z.number(),
  }),
});
export type BusinessUnitStatistics = z.output<typeof businessUnitStatisticsSchema>;
/** Custom CSS of the public website; '<' is refused so the CSS cannot close the style element it is inlined into. */
export const businessUnitCssBody = z.object({
  content: multiLineText()
    .max(CSS_MAX_CHARS, 'Size')
    .refine((s) => !s.includes('<'), 'Pattern'),
});
export const businessUnitCssSchema = z.object({ content: z.string() });
export const businessUnitDisplayNameSchema = z.object({ displayName: z.string() });
/** Without page/size the whole list is answered (up to 2000); x-total-count carries the total. */
export const businessUnitListQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(2000),
  search: searchText().optional(),
});
export const businessUnitLayoutSchema = z.object({
  id: z.number(),
  logoUrl: z.string().nullable(),
  mainColor: hexColor.nullable(),
  highlightColor: hexColor.nullable(),
  lightHeaderText: z.boolean(),
  headerTextTitle: z.string().nullable(),
  headerTextBody: z.string().nullable(),
  oneColumnLayout: z.boolean(),
  version: z.number(),
  /** Which values the unit leaves to the manufacturer-wide layout (unit 0; all false there). */
  inherited: layoutInheritedSchema,
  /** What the public site shows: the unit's own values, else the manufacturer's. */
  effective: layoutEffectiveSchema,
});
export const businessUnitLayoutBody = businessUnitLayoutSchema.omit({ logoUrl: true, inherited: true, effective: true }).extend({
  /** 0: the manufacturer-wide layout. */
  id: bodyId(0),
  version: versionField,
  headerTextTitle: plainText().trim().max(255, 'Size').nullable(),
  headerTextBody: multiLineText().trim().max(2000, 'Size').nullable(),
});

export const auditLogSchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  login: z.string().nullable(),
  businessUnitId: z.number().nullable(),
  entityName: z.string(),
  entityId: z.string().nullable(),
  /** The entity's name, key code or login when the entry was written (null for older entries and unnamed things). */
  entityLabel: z.string().nullable(),
  action: z.string(),
  category: z.string(),
  changes: z.unknown().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;
/** An ISO date (2026-01-31, the whole day) or date-time (with offset). */
const auditDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Pattern' });
export const auditLogListQuery = pageQuery.extend({
  'business-unit': idSchema.optional(),
  entityName: plainText().trim().max(100, 'Size').optional(),
  action: plainText().trim().max(50, 'Size').optional(),
  login: plainText().trim().max(100, 'Size').optional(),
  /** Part of the login, entity name, entity id, entity label or action. */
  search: searchText().optional(),
  from: auditDate.optional(),
  to: auditDate.optional(),
});
/**
 * The audit log's total is counted up to this many entries and one more: a `totalElements` above
 * it reads "more than AUDIT_LOG_COUNT_LIMIT" (narrow by date or filter to count exactly).
 */
export const AUDIT_LOG_COUNT_LIMIT = 10_000;
export const auditLogPageSchema = z.object({ items: z.array(auditLogSchema), pageable: pageableSchema });

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

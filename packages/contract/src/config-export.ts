import { z } from 'zod';
import { roleCreateBody } from './access.js';
import { nameSchema, plainText, slugSchema } from './common.js';
import { documentAttributeDefinitionInput, documentTypeCreateBody } from './document-types.js';
import { businessUnitCreateBody, manufacturerSettingsBody } from './organisation.js';
import { attributeDefinitionInput, productTypeCreateBody } from './product-types.js';
import {
  countryCode,
  languageCode,
  languageGroupCreateBody,
  MAX_UNIT_LANGUAGES,
  REGION_KINDS,
  regionCreateBody,
} from './regions-languages.js';
import { TRANSLATABLE_ENTITIES } from './translatable.js';
import { languageIsoSchema, translationItemSchema, translationKeySchema } from './translations.js';
import { CONTENT_BLOCK_TYPES, contentBlockInput, footerItemInput, publicResourceName } from './website-layout.js';

/**
 * The configuration export (issue 24, decision 0078): one versioned JSON document, `config.json`
 * in a zip, naming entities by their natural keys (a unit by its slug, a role or user group by its
 * name) so that it imports into another instance. Secrets, users, passwords, tokens and sessions
 * never travel.
 */
export const CONFIG_FORMAT_VERSION = 1;
/** The name of the document inside the zip. */
export const CONFIG_DOCUMENT_NAME = 'config.json';
/** The largest zip an import reads (bytes): 2 GB, as a bulk upload's; it is streamed to disk, and its binaries read one at a time. */
export const CONFIG_IMPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** The parts of the configuration, in the order an import applies them (a part may name entities of the ones before it). */
export const CONFIG_PARTS = [
  'businessUnits',
  'roles',
  'userGroups',
  'manufacturerSettings',
  'globalLanguages',
  'languageGroups',
  'regions',
  'productTypes',
  'documentTypes',
  'documentAttributes',
  'websiteTranslations',
  'footers',
  'contentBlocks',
  'manufacturerImages',
  'unitLogos',
  'productTypeImages',
  'publicResources',
  'unitCss',
  'recordTranslations',
] as const;
export type ConfigPart = (typeof CONFIG_PARTS)[number];

/** A business unit and its settings, by its slug; whether its website is online is no configuration and stays as it is on each instance. */
export const configBusinessUnitSchema = businessUnitCreateBody.omit({ id: true, active: true }).extend({
  interfaceLanguages: businessUnitCreateBody.shape.interfaceLanguages.unwrap(),
  documentLanguages: businessUnitCreateBody.shape.documentLanguages.unwrap(),
});
/** A role the manufacturer made, by its name (the predefined roles are the same on every instance). */
export const configRoleSchema = roleCreateBody.omit({ id: true }).extend({
  description: roleCreateBody.shape.description.unwrap().unwrap().nullable(),
});
/** A user group by its name: its role by name, its units by slug; never its users. */
export const configUserGroupSchema = z.object({
  name: nameSchema,
  role: nameSchema,
  allBusinessUnits: z.boolean(),
  businessUnits: z.array(slugSchema).max(1000, 'Size'),
});

/** A unit by its slug; `global` is unit 0 (the manufacturer-wide scope). */
const unitRef = slugSchema;

/** The manufacturer's own settings, without its SSO configurations (they never travel) and the software version. */
export const configManufacturerSettingsSchema = manufacturerSettingsBody.omit({ version: true });
/** The manufacturer-wide (unit 0) interface and document languages; each unit's own lists travel with the unit. */
export const configGlobalLanguagesSchema = z.object({
  interfaceLanguages: z.array(languageCode).max(MAX_UNIT_LANGUAGES, 'Size'),
  documentLanguages: z.array(languageCode).max(MAX_UNIT_LANGUAGES, 'Size'),
});
/** A language group by its unit (`global`: unit 0) and name, with its document languages by ISO code. */
export const configLanguageGroupSchema = z.object({
  businessUnit: unitRef,
  name: languageGroupCreateBody.shape.name,
  documentLanguages: languageGroupCreateBody.shape.documentLanguageIds,
});
/** A region by its unit, kind and name, with its countries by ISO code. */
export const configRegionSchema = z.object({
  businessUnit: unitRef,
  kind: z.enum(REGION_KINDS),
  name: regionCreateBody.shape.name,
  countryIds: z.array(countryCode).max(300, 'Size'),
});
/** A product type by its unit and name, with its attribute definitions by slug (never its images). */
export const configProductTypeSchema = productTypeCreateBody.omit({ id: true, businessUnitId: true, attributeDefinitions: true }).extend({
  businessUnit: unitRef,
  attributeDefinitions: z.array(attributeDefinitionInput.omit({ id: true })).max(50, 'Size'),
});
/** A document type by its unit and name. */
export const configDocumentTypeSchema = documentTypeCreateBody.omit({ id: true, businessUnitId: true }).extend({ businessUnit: unitRef });
/** A document attribute definition by its unit and slug. */
export const configDocumentAttributeSchema = documentAttributeDefinitionInput.omit({ id: true }).extend({ businessUnit: unitRef });
/** A website text set at a level (a unit, or `global` for the manufacturer-wide texts), by key and language. */
export const configWebsiteTranslationSchema = z.object({
  businessUnit: unitRef,
  language: languageIsoSchema,
  key: translationKeySchema,
  value: translationItemSchema.shape.translatedValue.unwrap().unwrap().min(1, 'NotBlank'),
});

/** A unit's whole footer (`global`: the manufacturer-wide one), by its unit: the footer service replaces it as one list. */
export const configFooterSchema = z.object({
  businessUnit: unitRef,
  items: z.array(footerItemInput.omit({ id: true, businessUnitId: true })).max(1000, 'Size'),
});
/** A content block by its unit, type and product type (by name; null: for every product type). */
export const configContentBlockSchema = contentBlockInput.omit({ id: true, businessUnitId: true, productTypeId: true }).extend({
  businessUnit: unitRef,
  type: z.enum(CONTENT_BLOCK_TYPES),
  productType: productTypeCreateBody.shape.name.nullable(),
});

/** Where the binaries travel inside the zip: `binaries/<sha256>.<extension>`. */
export const CONFIG_BINARY_FOLDER = 'binaries/';
/**
 * A binary travelling beside config.json: its entry in the zip, named for its SHA-256, with its
 * media type, size and SHA-256 (an import verifies both and decides the kind by the content again).
 */
export const configBinarySchema = z.object({
  path: z.string().regex(/^binaries\/[0-9a-f]{64}\.[a-z0-9]{1,8}$/, 'Pattern'),
  mediaType: z
    .string()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'Pattern')
    .max(100, 'Size'),
  size: z.number().int().min(1).max(CONFIG_IMPORT_MAX_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Pattern'),
});
export type ConfigBinary = z.output<typeof configBinarySchema>;
/** The manufacturer's logo (`logo`) or an audience image (`HCP`, `PATIENT`). */
export const configManufacturerImageSchema = z.object({ kind: z.enum(['logo', 'HCP', 'PATIENT']), file: configBinarySchema });
/** A unit's logo (`global`: the one every unit without its own shows). */
export const configUnitLogoSchema = z.object({ businessUnit: unitRef, file: configBinarySchema });
/** A product type's reference image or an audience's hero image, by the type's unit and name. */
export const configProductTypeImageSchema = z.object({
  businessUnit: unitRef,
  productType: productTypeCreateBody.shape.name,
  kind: z.enum(['image', 'heroHcp', 'heroPatient']),
  file: configBinarySchema,
});
/** A public resource of a unit's website by its unit and name (the name its CSS refers to). */
export const configPublicResourceSchema = z.object({ businessUnit: unitRef, name: publicResourceName, file: configBinarySchema });
/** A unit's custom CSS, as a UTF-8 text/css entry. */
export const configUnitCssSchema = z.object({ businessUnit: unitRef, file: configBinarySchema });

/**
 * The record types whose translations travel: every translatable one but the product remarks,
 * which belong to products (no configuration) and so are not in the export.
 */
const configTranslatedEntitySchema = z.enum(TRANSLATABLE_ENTITIES).exclude(['product_remark']);
export const CONFIG_TRANSLATED_ENTITIES = configTranslatedEntitySchema.options;
/**
 * A translation of a record's text field into an interface language. The record is named by the
 * natural key its own part uses, after its unit: a region `INTERFACE/name`, a footer item its
 * `visualizationOrder`, a document type or product type its name, a document attribute its slug,
 * a product type's attribute definition `type name/slug`, a content block `TYPE/product type name`
 * (`*`: for every type). A rich-text translation uploaded as a document carries its original.
 */
export const configRecordTranslationSchema = z.object({
  entityName: configTranslatedEntitySchema,
  businessUnit: unitRef,
  record: plainText().min(1, 'NotBlank').max(300, 'Size'),
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, 'Pattern'),
  language: languageIsoSchema,
  value: translationItemSchema.shape.translatedValue.unwrap().unwrap().min(1, 'NotBlank'),
  original: configBinarySchema.optional(),
});

/**
 * Format 1. The parts after the user groups came later, additively: a document without one of them
 * reads as that part empty (nothing is added or changed by it, and nothing here is deleted).
 */
export const configDocumentSchema = z.object({
  formatVersion: z.literal(CONFIG_FORMAT_VERSION),
  exportedAt: z.iso.datetime(),
  softwareVersion: z.string().max(100, 'Size'),
  businessUnits: z.array(configBusinessUnitSchema).max(1000, 'Size'),
  roles: z.array(configRoleSchema).max(1000, 'Size'),
  userGroups: z.array(configUserGroupSchema).max(1000, 'Size'),
  manufacturerSettings: configManufacturerSettingsSchema.nullable().default(null),
  globalLanguages: configGlobalLanguagesSchema.nullable().default(null),
  languageGroups: z.array(configLanguageGroupSchema).max(100_000, 'Size').default([]),
  regions: z.array(configRegionSchema).max(10_000, 'Size').default([]),
  productTypes: z.array(configProductTypeSchema).max(10_000, 'Size').default([]),
  documentTypes: z.array(configDocumentTypeSchema).max(10_000, 'Size').default([]),
  documentAttributes: z.array(configDocumentAttributeSchema).max(10_000, 'Size').default([]),
  websiteTranslations: z.array(configWebsiteTranslationSchema).max(200_000, 'Size').default([]),
  footers: z.array(configFooterSchema).max(1000, 'Size').default([]),
  contentBlocks: z.array(configContentBlockSchema).max(100_000, 'Size').default([]),
  manufacturerImages: z.array(configManufacturerImageSchema).max(3, 'Size').default([]),
  unitLogos: z.array(configUnitLogoSchema).max(1000, 'Size').default([]),
  productTypeImages: z.array(configProductTypeImageSchema).max(30_000, 'Size').default([]),
  publicResources: z.array(configPublicResourceSchema).max(10_000, 'Size').default([]),
  unitCss: z.array(configUnitCssSchema).max(1000, 'Size').default([]),
  recordTranslations: z.array(configRecordTranslationSchema).max(500_000, 'Size').default([]),
});
export type ConfigDocument = z.output<typeof configDocumentSchema>;

/** What an import would do to one part, by natural key: new here, different here, the same, and present only here (left alone). */
export const configPartDiffSchema = z.object({
  part: z.enum(CONFIG_PARTS),
  added: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  onlyHere: z.array(z.string()),
});
export type ConfigPartDiff = z.output<typeof configPartDiffSchema>;

export const configImportPreviewSchema = z.object({
  formatVersion: z.number(),
  exportedAt: z.string(),
  softwareVersion: z.string(),
  parts: z.array(configPartDiffSchema),
});
export type ConfigImportPreview = z.output<typeof configImportPreviewSchema>;

/** The parts to apply, comma-separated (`roles,userGroups`). */
export const configImportApplyQuery = z.object({
  parts: z
    .string()
    .max(400, 'Size')
    .regex(new RegExp(`^(${CONFIG_PARTS.join('|')})(,(${CONFIG_PARTS.join('|')}))*$`), 'Pattern'),
});

export const ConfigExportErrorKeys = {
  /** The file is no configuration export: not a readable zip, no or an invalid config.json, an unsafe entry (params.reason). */
  invalidFile: 'error.configImport.invalidFile',
  /** The document names an entity (a role, a business unit, a translated record) neither it nor this instance holds (params.part, name). */
  unknownReference: 'error.configImport.unknownReference',
} as const;

import { z } from 'zod';
import { bodyId, idSchema, multiLineText, nameText, versionField } from './common.js';
import { PUBLISH_STATES } from './products.js';
import { countryCode, languageCode } from './regions-languages.js';

/**
 * Files of a document and their versions (spec 001 §3 "File", decision 0032 §Files, decision
 * 0034). A file holds what its versions share (name, countries, document languages, lots,
 * remarks, switches, archive date); each version its label, dates and binary. The current version
 * is the last by date, then by creation; the file shows it flattened beside the whole history.
 */

/** Spec 001 §9: a file binary is at most 150 MB. */
export const FILE_BINARY_MAX_BYTES = 150 * 1024 * 1024;
export const FILE_NAME_MAX = 255;
export const FILE_VERSION_LABEL_MAX = 50;
export const FILE_REMARKS_MAX = 4000;
export const FILE_MAX_COUNTRIES = 300;
export const FILE_MAX_LANGUAGES = 300;
export const FILE_MAX_LOT_RANGES = 1000;

/** unpublished: no publish date; scheduled: a future one; published: reached (spec 001 §4, products.ts). */
const filePublishState = z.enum(PUBLISH_STATES);

export const fileBinarySchema = z.object({
  name: z.string(),
  size: z.number(),
  mediaType: z.string(),
  sha256: z.string(),
  uploadedDate: z.string(),
});
export type FileBinary = z.infer<typeof fileBinarySchema>;

export const fileVersionSchema = z.object({
  id: z.number(),
  versionLabel: z.string(),
  /** ISO date (yyyy-mm-dd). */
  date: z.string(),
  validTo: z.string().nullable(),
  publishDate: z.string().nullable(),
  publishState: filePublishState,
  binary: fileBinarySchema.nullable(),
  createdBy: z.string().nullable(),
  createdDate: z.string(),
  version: z.number(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;

export const fileLotRangeSchema = z.object({ id: z.number(), name: z.string(), productTypeId: z.number() });

export const fileSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  documentId: z.number(),
  name: z.string(),
  remarks: z.string().nullable(),
  remarksActive: z.boolean(),
  restOfTheWorld: z.boolean(),
  allLotNumbers: z.boolean(),
  lotRangeIds: z.array(z.number()),
  lotRanges: z.array(fileLotRangeSchema),
  historical: z.boolean(),
  countryIds: z.array(z.string()),
  documentLanguageIds: z.array(z.string()),
  archiveDate: z.string().nullable(),
  /** The archive date has been reached: off the public site (still here). */
  archived: z.boolean(),
  // the current version, flattened
  currentVersionId: z.number(),
  versionLabel: z.string(),
  date: z.string(),
  validTo: z.string().nullable(),
  publishDate: z.string().nullable(),
  publishState: filePublishState,
  binary: fileBinarySchema.nullable(),
  /** Every version, newest (current) first. */
  versions: z.array(fileVersionSchema),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
  version: z.number(),
});
/** Named apart from the DOM's File. */
export type DocumentFile = z.infer<typeof fileSchema>;

const isoDateInput = z.iso.date('Pattern');
const versionLabelSchema = nameText().trim().min(1, 'NotBlank').max(FILE_VERSION_LABEL_MAX, 'Size');

const fileFields = {
  name: nameText().trim().min(1, 'NotBlank').max(FILE_NAME_MAX, 'Size'),
  versionLabel: versionLabelSchema,
  date: isoDateInput,
  validTo: isoDateInput.nullish().transform((v) => v ?? null),
  remarks: multiLineText()
    .max(FILE_REMARKS_MAX, 'Size')
    .nullish()
    .transform((v) => (v?.trim() ? v : null)),
  remarksActive: z.boolean().default(false),
  restOfTheWorld: z.boolean().default(false),
  allLotNumbers: z.boolean().default(true),
  lotRangeIds: z.array(bodyId()).max(FILE_MAX_LOT_RANGES, 'Size').default([]),
  historical: z.boolean().default(false),
  countryIds: z.array(countryCode).max(FILE_MAX_COUNTRIES, 'Size').default([]),
  documentLanguageIds: z.array(languageCode).max(FILE_MAX_LANGUAGES, 'Size').default([]),
};

/** POST api/files: the file and its first version (no binary yet, unpublished). */
export const fileCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), documentId: bodyId(), ...fileFields });
/**
 * PUT api/files[/{id}]: the file's fields; versionLabel, date and validTo apply to its current
 * version (only validTo once that version is published or scheduled). documentId cannot change.
 */
export const fileUpdateBody = z.object({ id: bodyId(), version: versionField, documentId: bodyId(), ...fileFields });
export type FileCreateBody = z.input<typeof fileCreateBody>;
export type FileUpdateBody = z.input<typeof fileUpdateBody>;

/** POST api/files/{id}/versions: a new current version (the current one needs its binary first). */
export const fileVersionCreateBody = z.object({
  versionLabel: versionLabelSchema,
  date: isoDateInput,
  validTo: isoDateInput.nullish().transform((v) => v ?? null),
});
export type FileVersionCreateBody = z.input<typeof fileVersionCreateBody>;

/** PUT api/files/{id}/archive: archives the file from archiveDate (usually now), or restores it (null). */
export const fileArchiveBody = z.object({ archiveDate: z.iso.datetime({ offset: true }).nullable(), version: versionField });
export type FileArchiveBody = z.input<typeof fileArchiveBody>;

export const fileDocumentQuery = z.object({ document: idSchema });
/** GET|POST|DELETE api/files/{id}/binary: an earlier version of the same file (default: the current one). */
export const fileBinaryQuery = z.object({
  'file-version': idSchema.optional(),
  /** inline: shown by the browser (image preview); default attachment. */
  disposition: z.enum(['inline', 'attachment']).optional(),
});
export const fileBinaryWriteQuery = z.object({ 'file-version': idSchema.optional() });

/** GET api/documents/archived-files?business-unit: archived files with their document. */
export const archivedFileSchema = fileSchema.omit({ versions: true }).extend({
  documentNumber: z.string(),
  documentName: z.string(),
});
export type ArchivedFile = z.infer<typeof archivedFileSchema>;

/** GET api/product-type-attribute-values/lot-ranges/search?document: the lot ranges a document's files may name. */
export const documentLotRangeSchema = z.object({
  id: z.number(),
  name: z.string(),
  productTypeId: z.number(),
  productTypeName: z.string(),
  numbers: z.array(z.string()),
  archived: z.boolean(),
});
export type DocumentLotRange = z.infer<typeof documentLotRangeSchema>;

/** Message keys of files (spec 001 §8 "Files"). */
export const FileErrorKeys = {
  /** 'Please provide a binary file': a new version needs the current version's binary. */
  binaryRequired: 'error.file.binaryRequired',
  restOfTheWorldCountries: 'error.file.restOfTheWorldCountries',
  countryRequired: 'error.file.countryRequired',
  /** A country code that names no country. params: { country } */
  countryInvalid: 'error.file.countryInvalid',
  onlyRestOfTheWorld: 'error.file.onlyRestOfTheWorld',
  languageRequired: 'error.file.languageRequired',
  /** params: { language } */
  languageNotInUnit: 'error.file.languageNotInUnit',
  /** 'Only lot numbers can be linked': a range of no product the document documents. params: { id } */
  lotRangeInvalid: 'error.file.lotRangeInvalid',
  /** allLotNumbers off and no lot range. */
  lotRangeRequired: 'error.file.lotRangeRequired',
  /** allLotNumbers on and lot ranges named. */
  lotRangesWithAllLots: 'error.file.lotRangesWithAllLots',
  /** A published or scheduled version keeps its label, date and binary. */
  versionPublished: 'error.file.versionPublished',
  /** params: { versionLabel } */
  versionLabelExists: 'error.file.versionLabelExists',
  validToBeforeDate: 'error.file.validToBeforeDate',
  /** A file with a published version is archived, not deleted. */
  published: 'error.file.published',
  /** The version named is not a version of this file. */
  versionNotFound: 'error.file.versionNotFound',
  /** The file's document cannot change. */
  documentCannotChange: 'error.file.documentCannotChange',
  /** No stored binary to download or remove. */
  noBinary: 'error.file.noBinary',
} as const;

import { z } from 'zod';
import { bodyId, idSchema, nameText, pageQuery, searchText, versionField } from './common.js';

/*
 * Reference data, regions, languages and language groups (spec 001 §3, §7, §8; decisions 0021–0023).
 * Countries and languages are named by their ISO codes: `countryIds` holds ISO 3166-1 alpha-2
 * codes (`DE`), language lists hold ISO 639-1 codes or a language with its region (`pt-BR`).
 */

/** Message keys of the region, language and language-group rules (spec 001 §8). */
export const RegionLanguageErrorKeys = {
  /** params: { name } */
  regionNameExists: 'error.region.nameExists',
  regionBusinessUnitCannotChange: 'error.region.businessUnitCannotChange',
  /** params: { country, region } — the country is already in another region of this kind. */
  regionCountryAssigned: 'error.region.countryAlreadyAssigned',
  regionCountryRequired: 'error.region.countryRequired',
  /** params: { codes } — not ISO 3166-1 countries. */
  unknownCountry: 'error.region.unknownCountry',
  /** params: { codes } — not languages of api/languages. */
  unknownLanguage: 'error.language.unknown',
  /** params: { language, group } — remove it from the language group first. */
  documentLanguageInGroup: 'error.language.inLanguageGroup',
  /** params: { name } */
  languageGroupNameExists: 'error.languageGroup.nameExists',
  languageGroupBusinessUnitCannotChange: 'error.languageGroup.businessUnitCannotChange',
  /** params: { language, group } */
  languageGroupLanguageAssigned: 'error.languageGroup.languageAlreadyAssigned',
  /** params: { codes } — not document languages of the unit. */
  languageGroupNotDocumentLanguage: 'error.languageGroup.notDocumentLanguage',
  languageGroupLanguageRequired: 'error.languageGroup.languageRequired',
} as const;

export const continentSchema = z.object({ isoCode: z.string(), name: z.string() });
export type Continent = z.infer<typeof continentSchema>;
export const countrySchema = z.object({ isoCode: z.string(), name: z.string(), continentIsoCode: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const languageSchema = z.object({
  isoCode: z.string(),
  /** English name. */
  name: z.string(),
  nativeName: z.string(),
  /** Written right to left. */
  rtl: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;

/** An ISO 3166-1 alpha-2 country code. */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Pattern');
/** An ISO 639-1 language code, alone or with an ISO 3166-1 region (`pt-BR`). */
export const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Pattern');
export const MAX_UNIT_LANGUAGES = 300;
export const MAX_REGION_COUNTRIES = 300;

/** A region name: 1 to 50 characters (the length of its translations, decision 0023). */
export const REGION_NAME_MAX = 50;
const regionName = nameText().trim().min(1, 'NotBlank').max(REGION_NAME_MAX, 'Size');

export const REGION_KINDS = ['INTERFACE', 'DOCUMENT'] as const;
export type RegionKind = (typeof REGION_KINDS)[number];

export const regionSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  /** ISO 3166-1 alpha-2 codes, sorted. */
  countryIds: z.array(z.string()),
  version: z.number(),
});
export type Region = z.infer<typeof regionSchema>;

const regionFields = {
  businessUnitId: idSchema,
  name: regionName,
  countryIds: z.array(countryCode).max(MAX_REGION_COUNTRIES, 'Size'),
};
export const regionCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...regionFields });
export const regionUpdateBody = z.object({ id: bodyId(), version: versionField, ...regionFields });
export type RegionCreateBody = z.input<typeof regionCreateBody>;
export type RegionUpdateBody = z.input<typeof regionUpdateBody>;

/** Lists of regions and language groups: by unit, searched by name, paged and sorted (name, id). */
export const unitListQuery = pageQuery.extend({
  'business-unit': idSchema,
  size: pageQuery.shape.size.unwrap().default(2000),
  search: searchText().optional(),
});

/** Unit languages: the unit, left out = unit 0 (the manufacturer-wide list). */
export const unitLanguagesQuery = z.object({ 'business-unit': idSchema.optional() });
/** PUT body: the unit's whole list of ISO codes. */
export const unitLanguagesBody = z.array(languageCode).max(MAX_UNIT_LANGUAGES, 'Size');

const groupName = nameText().trim().min(1, 'NotBlank').max(50, 'Size');
export const languageGroupSchema = z.object({
  id: z.number(),
  businessUnitId: z.number(),
  name: z.string(),
  /** ISO codes of document languages of the unit, sorted. */
  documentLanguageIds: z.array(z.string()),
  version: z.number(),
});
export type LanguageGroup = z.infer<typeof languageGroupSchema>;
const groupFields = {
  businessUnitId: idSchema,
  name: groupName,
  documentLanguageIds: z.array(languageCode).max(MAX_UNIT_LANGUAGES, 'Size'),
};
export const languageGroupCreateBody = z.object({ id: z.undefined().or(z.null()).optional(), ...groupFields });
export const languageGroupUpdateBody = z.object({ id: bodyId(), version: versionField, ...groupFields });
export type LanguageGroupCreateBody = z.input<typeof languageGroupCreateBody>;
export type LanguageGroupUpdateBody = z.input<typeof languageGroupUpdateBody>;

import { z } from 'zod';
import { idSchema, intInput, multiLineText, pageableSchema, plainText, searchText } from './common.js';
import { TRANSLATABLE_ENTITIES } from './translatable.js';

/** Message keys of the translation rules (spec 001 §8, internationalization). */
export const TranslationErrorKeys = {
  /** The built-in dictionary (the English source values and website-text defaults) is not edited here. params: { index?, translationKey? } */
  dictionaryNotUpdatable: 'error.internationalization.dictionaryNotUpdatable',
  /** The key names no record or field of the unit (or no website text). params: { index, translationKey } */
  invalidKey: 'error.internationalization.invalidKey',
  /** params: { index, translationKey, max } */
  translatedValueTooLong: 'error.internationalization.translatedValueTooLong',
  /** The language is not one of the unit's interface languages. params: { interfaceLanguageISO } */
  languageNotAvailable: 'error.internationalization.languageNotAvailable',
} as const;

/** The language English source values are written in: the built-in dictionary. */
export const DICTIONARY_LANGUAGE = 'en';
/** Rich-text translations (remark content) follow their source's limit instead. */
export const RICH_TEXT_TRANSLATION_MAX = 200_000;
/** Items in one save. */
export const TRANSLATION_BATCH_MAX = 2000;

export const languageIsoSchema = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Pattern');
export const entityNameSchema = z.enum(TRANSLATABLE_ENTITIES);

/** `<entityName>.<id>.<field>`, e.g. `product_type.12.name`. */
export const translationKeySchema = plainText().max(200, 'Size');
export const translationKeyOf = (entityName: string, id: number, field: string) => `${entityName}.${id}.${field}`;

/** One translation sent to be saved; an empty (or null) value removes the translation. */
export const translationItemSchema = z.object({
  translationKey: translationKeySchema,
  translatedValue: multiLineText().max(RICH_TEXT_TRANSLATION_MAX, 'Size').nullable().default(null),
  /** true would claim the built-in dictionary, which is not updatable. */
  dictionary: z.boolean().optional(),
});
export type TranslationItem = z.input<typeof translationItemSchema>;

const booleanFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** The paging, sort, search and missing filter shared by both translation lists. */
const translationPageFields = {
  page: intInput(0).default(0),
  size: intInput(1, 2000).default(20),
  /** translationKey (lowercase, the default), sourceValue or translatedValue, asc or desc. */
  sort: z
    .string()
    .regex(/^(translationKey|sourceValue|translatedValue)(,(asc|desc))?$/, 'Pattern')
    .default('translationKey,asc'),
  search: searchText().optional(),
  /** Only the keys that have no translation (website texts: no override at this level). */
  missing: booleanFlag,
};

export const internationalizationListQuery = z.object({
  'business-unit': idSchema,
  /** Left out: every translatable record type. */
  entityName: entityNameSchema.optional(),
  /** Left out: every interface language of the unit but English. */
  interfaceLanguageISO: languageIsoSchema.optional(),
  ...translationPageFields,
});
export const internationalizationSaveQuery = z.object({
  'business-unit': idSchema,
  entityName: entityNameSchema,
  interfaceLanguageISO: languageIsoSchema,
});
export const internationalizationSaveBody = z.object({
  internationalizations: z.array(translationItemSchema).max(TRANSLATION_BATCH_MAX, 'Size'),
});
export type InternationalizationSaveBody = z.input<typeof internationalizationSaveBody>;

/** Per interface language: how many keys there are, how many are translated and how many are missing. */
export const translationCountSchema = z.object({
  interfaceLanguageISO: z.string(),
  total: z.number(),
  translated: z.number(),
  missing: z.number(),
});
export type TranslationCount = z.infer<typeof translationCountSchema>;

/** One record field in one language: the English source beside its translation. */
export const internationalizationRowSchema = z.object({
  translationKey: z.string(),
  entityName: z.string(),
  entityId: z.number(),
  field: z.string(),
  /** How the record is named to a translator. */
  label: z.string(),
  richText: z.boolean(),
  maxLength: z.number(),
  interfaceLanguageISO: z.string(),
  /** The English value, from the record itself (the dictionary). */
  sourceValue: z.string(),
  translatedValue: z.string().nullable(),
  cloudStorageObjectKey: z.string().nullable(),
  dictionary: z.boolean(),
});
export type InternationalizationRow = z.infer<typeof internationalizationRowSchema>;

/** A page of translation rows with the counts per language (both lists answer this shape). */
const translationPage = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    items: z.array(row),
    pageable: pageableSchema,
    /** Per non-English language (record translations: over the chosen record type(s)). */
    counts: z.array(translationCountSchema),
  });
/** What a save stored for the keys sent (removed keys left out), and how many it removed. */
const savedItems = z.array(z.object({ translationKey: z.string(), interfaceLanguageISO: z.string(), translatedValue: z.string() }));

export const internationalizationPageSchema = translationPage(internationalizationRowSchema);
export type InternationalizationPage = z.infer<typeof internationalizationPageSchema>;

export const internationalizationSavedSchema = z.object({ internationalizations: savedItems, removed: z.number() });

/** Query of POST api/internationalizations/rtf: the record field and language the document translates. */
export const internationalizationRtfQuery = z.object({
  'business-unit': idSchema,
  entityName: entityNameSchema,
  translationKey: translationKeySchema,
  interfaceLanguageISO: languageIsoSchema,
});
export const internationalizationRtfSchema = z.object({
  translationKey: z.string(),
  interfaceLanguageISO: z.string(),
  /** The stored original document. */
  cloudStorageObjectKey: z.string(),
  /** Its sanitised HTML, now the translation. */
  translatedValue: z.string(),
});

// website texts ------------------------------------------------------------------------------

export const websiteTranslationListQuery = z.object({
  /** 0: the manufacturer-wide texts. */
  'business-unit': idSchema,
  interfaceLanguageISO: languageIsoSchema,
  ...translationPageFields,
});
export const websiteTranslationSaveQuery = z.object({
  'business-unit': idSchema,
  interfaceLanguageISO: languageIsoSchema,
});
export const websiteTranslationSaveBody = z.object({
  translations: z.array(translationItemSchema).max(TRANSLATION_BATCH_MAX, 'Size'),
});
export type WebsiteTranslationSaveBody = z.input<typeof websiteTranslationSaveBody>;

/** Where an effective website text comes from. */
export const WEBSITE_TEXT_ORIGINS = ['UNIT', 'MANUFACTURER', 'DEFAULT', 'ENGLISH'] as const;

export const websiteTranslationRowSchema = z.object({
  translationKey: z.string(),
  maxLength: z.number(),
  interfaceLanguageISO: z.string(),
  /** The built-in English default. */
  sourceValue: z.string(),
  /** This level's own value (the unit's, or the manufacturer's at unit 0); null: inherited. */
  translatedValue: z.string().nullable(),
  /** What applies when this level sets nothing. */
  inheritedValue: z.string(),
  inheritedFrom: z.enum(WEBSITE_TEXT_ORIGINS),
  dictionary: z.boolean(),
});
export type WebsiteTranslationRow = z.infer<typeof websiteTranslationRowSchema>;
export const websiteTranslationPageSchema = translationPage(websiteTranslationRowSchema);
export type WebsiteTranslationPage = z.infer<typeof websiteTranslationPageSchema>;
export const websiteTranslationSavedSchema = z.object({ translations: savedItems, removed: z.number() });
export const websiteTextsQuery = z.object({ 'business-unit': idSchema, interfaceLanguageISO: languageIsoSchema });
/** Every website text's effective value in one language, by key. */
export const websiteTextsSchema = z.record(z.string(), z.string());

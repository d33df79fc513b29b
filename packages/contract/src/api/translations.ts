import { ErrorKeys } from '../errors.js';
import {
  TranslationErrorKeys as E,
  internationalizationListQuery,
  internationalizationPageSchema,
  internationalizationRtfQuery,
  internationalizationRtfSchema,
  internationalizationSaveBody,
  internationalizationSavedSchema,
  internationalizationSaveQuery,
  websiteTextsQuery,
  websiteTextsSchema,
  websiteTranslationListQuery,
  websiteTranslationPageSchema,
  websiteTranslationSaveBody,
  websiteTranslationSavedSchema,
  websiteTranslationSaveQuery,
} from '../translations.js';
import { defineRoute } from './define.js';

const tags = ['translations'];
const RULES =
  'All or nothing: the first bad item answers 400 naming it (params.index, params.translationKey) and nothing is stored. ' +
  'An empty or null translatedValue removes the translation. Errors: error.internationalization.invalidKey, ' +
  '.translatedValueTooLong (params.max), .dictionaryNotUpdatable, .languageNotAvailable (not an interface language of the unit).';

/** What a save of translations may answer beside validation: the rules of its items and of its language. */
const saveErrors = [E.invalidKey, E.translatedValueTooLong, E.dictionaryNotUpdatable, E.languageNotAvailable, ErrorKeys.duplicate] as const;

/** The translations of a unit's records and of its website's fixed texts (spec 001 §7 internationalization). */
export const translationsApi = {
  internationalizations: defineRoute({
    method: 'GET',
    path: '/api/internationalizations',
    tags,
    summary: 'Translations of a unit’s records: per record field and language, the English source beside its translation',
    description:
      'Keys are `<entityName>.<id>.<field>` (e.g. product_type.12.name); only fields with an English value are listed. ' +
      'Sorted by lowercase key by default (sort=translationKey|sourceValue|translatedValue,asc|desc); search matches key, source ' +
      'or translation; missing=true lists untranslated keys only. counts: translated and missing per non-English interface ' +
      'language of the unit, over the chosen record type(s). interfaceLanguageISO=en lists the dictionary (read-only).',
    query: internationalizationListQuery,
    response: { 200: internationalizationPageSchema },
    errors: [E.languageNotAvailable],
  }),
  saveInternationalizations: defineRoute({
    method: 'POST',
    path: '/api/internationalizations',
    tags,
    summary: 'Saves translations of one record type into one interface language',
    description: `${RULES} English is the dictionary (the records' own values) and is not updatable here.`,
    query: internationalizationSaveQuery,
    body: internationalizationSaveBody,
    response: { 200: internationalizationSavedSchema },
    errors: saveErrors,
  }),
  /** A multipart upload: the handler reads the document. */
  uploadInternationalizationDocument: defineRoute({
    method: 'POST',
    path: '/api/internationalizations/rtf',
    tags,
    summary: 'Uploads a rich-text document as the translation of one rich-text field',
    description:
      'multipart/form-data with one HTML (text/html) or plain-text (text/plain) document in the field `file`, at most 1 MB; ' +
      'the query names the record field (translationKey) and the language. The original is kept in the file store ' +
      '(cloudStorageObjectKey); its sanitised HTML becomes the translation.',
    query: internationalizationRtfQuery,
    response: { 200: internationalizationRtfSchema },
    errors: [
      E.invalidKey,
      E.translatedValueTooLong,
      E.dictionaryNotUpdatable,
      E.languageNotAvailable,
      ErrorKeys.unsupportedContentType,
      ErrorKeys.fileTooLarge,
    ],
  }),
  websiteTranslations: defineRoute({
    method: 'GET',
    path: '/api/website-translations',
    tags,
    summary: 'The public website’s fixed texts in one language: the unit’s own value beside what it inherits',
    description:
      'business-unit=0 lists the manufacturer-wide texts. Effective text: the unit’s value, else the manufacturer’s, else ' +
      '(another language) the English text as the unit shows it, else the built-in English default. missing=true lists the ' +
      'texts that fall back to English; counts per non-English language. Paged and sorted as api/internationalizations.',
    query: websiteTranslationListQuery,
    response: { 200: websiteTranslationPageSchema },
    errors: [E.languageNotAvailable],
  }),
  saveWebsiteTranslations: defineRoute({
    method: 'POST',
    path: '/api/website-translations',
    tags,
    summary: 'Saves a unit’s (or, at business-unit=0, the manufacturer’s) website texts in one language',
    description: `${RULES} Keys are those of the website-text catalogue (WEBSITE_TEXTS); English values override the defaults.`,
    query: websiteTranslationSaveQuery,
    body: websiteTranslationSaveBody,
    response: { 200: websiteTranslationSavedSchema },
    errors: saveErrors,
  }),
  websiteTexts: defineRoute({
    method: 'GET',
    path: '/api/website-translations/effective',
    tags,
    summary: 'Every website text as a unit’s public site shows it in one language, by key',
    query: websiteTextsQuery,
    response: { 200: websiteTextsSchema },
    errors: [E.languageNotAvailable],
  }),
};

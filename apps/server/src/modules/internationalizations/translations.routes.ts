import {
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
} from '@vellum/contract';
import { type AccessRule, authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { readRichTextUpload } from '../../platform/rich-text.js';
import { languageNameOf } from '../reference-data/reference-data.repo.js';
import { listInternationalizations, saveInternationalizations, uploadTranslationDocument } from './internationalizations.service.js';
import { listWebsiteTranslations, saveWebsiteTranslations, websiteTexts } from './website-translations.service.js';

const tags = ['translations'];
const SAVED = 'vellumApp.internationalization.saved';
/** TRANSLATION in the unit the query names (unit 0: the manufacturer-wide texts). */
const access: AccessRule = { right: 'TRANSLATION', unit: unitFromQuery('business-unit') };
const RULES =
  'All or nothing: the first bad item answers 400 naming it (params.index, params.translationKey) and nothing is stored. ' +
  'An empty or null translatedValue removes the translation. Errors: error.internationalization.invalidKey, ' +
  '.translatedValueTooLong (params.max), .dictionaryNotUpdatable, .languageNotAvailable (not an interface language of the unit).';

export const translationsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/internationalizations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Translations of a unit’s records: per record field and language, the English source beside its translation',
        description:
          'Keys are `<entityName>.<id>.<field>` (e.g. product_type.12.name); only fields with an English value are listed. ' +
          'Sorted by lowercase key by default (sort=translationKey|sourceValue|translatedValue,asc|desc); search matches key, source ' +
          'or translation; missing=true lists untranslated keys only. counts: translated and missing per non-English interface ' +
          'language of the unit, over the chosen record type(s). interfaceLanguageISO=en lists the dictionary (read-only).',
        querystring: internationalizationListQuery,
        response: { 200: internationalizationPageSchema },
      },
    },
    (req) => listInternationalizations(deps, req.query),
  );

  r.post(
    '/api/internationalizations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Saves translations of one record type into one interface language',
        description: `${RULES} English is the dictionary (the records' own values) and is not updatable here.`,
        querystring: internationalizationSaveQuery,
        body: internationalizationSaveBody,
        response: { 200: internationalizationSavedSchema },
      },
    },
    async (req, reply) => {
      const saved = await saveInternationalizations(deps, authOf(req), req.query, req.body);
      alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
      return saved;
    },
  );

  r.post(
    '/api/internationalizations/rtf',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Uploads a rich-text document as the translation of one rich-text field',
        description:
          'multipart/form-data with one HTML (text/html) or plain-text (text/plain) document in the field `file`, at most 1 MB; ' +
          'the query names the record field (translationKey) and the language. The original is kept in the file store ' +
          '(cloudStorageObjectKey); its sanitised HTML becomes the translation.',
        querystring: internationalizationRtfQuery,
        response: { 200: internationalizationRtfSchema },
      },
    },
    async (req, reply) => {
      const upload = await readRichTextUpload(req, 'file');
      const result = await uploadTranslationDocument(deps, authOf(req), req.query, upload);
      alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
      return result;
    },
  );

  r.get(
    '/api/website-translations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The public website’s fixed texts in one language: the unit’s own value beside what it inherits',
        description:
          'business-unit=0 lists the manufacturer-wide texts. Effective text: the unit’s value, else the manufacturer’s, else ' +
          '(another language) the English text as the unit shows it, else the built-in English default. missing=true lists the ' +
          'texts that fall back to English; counts per non-English language. Paged and sorted as api/internationalizations.',
        querystring: websiteTranslationListQuery,
        response: { 200: websiteTranslationPageSchema },
      },
    },
    (req) => listWebsiteTranslations(deps, req.query),
  );

  r.post(
    '/api/website-translations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Saves a unit’s (or, at business-unit=0, the manufacturer’s) website texts in one language',
        description: `${RULES} Keys are those of the website-text catalogue (WEBSITE_TEXTS); English values override the defaults.`,
        querystring: websiteTranslationSaveQuery,
        body: websiteTranslationSaveBody,
        response: { 200: websiteTranslationSavedSchema },
      },
    },
    async (req, reply) => {
      const saved = await saveWebsiteTranslations(deps, authOf(req), req.query, req.body);
      alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
      return saved;
    },
  );

  r.get(
    '/api/website-translations/effective',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every website text as a unit’s public site shows it in one language, by key',
        querystring: websiteTextsQuery,
        response: { 200: websiteTextsSchema },
      },
    },
    (req) => websiteTexts(deps, req.query),
  );
};

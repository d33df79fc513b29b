import { translationsApi as api } from '@vellum/contract';
import { authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { readRichTextUpload } from '../../platform/rich-text.js';
import { type RouteOptions, route } from '../../platform/route.js';
import { languageNameOf } from '../reference-data/reference-data.repo.js';
import { listInternationalizations, saveInternationalizations, uploadTranslationDocument } from './internationalizations.service.js';
import { listWebsiteTranslations, saveWebsiteTranslations, websiteTexts } from './website-translations.service.js';

const SAVED = 'vellumApp.internationalization.saved';
/** TRANSLATION in the unit the query names (unit 0: the manufacturer-wide texts). */
const opts: RouteOptions = { access: { right: 'TRANSLATION', unit: unitFromQuery('business-unit') } };

export const translationsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.internationalizations, opts, (req) => listInternationalizations(deps, req.query));

  route(app, api.saveInternationalizations, opts, async (req, reply) => {
    const saved = await saveInternationalizations(deps, authOf(req), req.query, req.body);
    alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
    return saved;
  });

  route(app, api.uploadInternationalizationDocument, opts, async (req, reply) => {
    const upload = await readRichTextUpload(req, 'file');
    const result = await uploadTranslationDocument(deps, authOf(req), req.query, upload);
    alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
    return result;
  });

  route(app, api.websiteTranslations, opts, (req) => listWebsiteTranslations(deps, req.query));

  route(app, api.saveWebsiteTranslations, opts, async (req, reply) => {
    const saved = await saveWebsiteTranslations(deps, authOf(req), req.query, req.body);
    alert(reply, SAVED, await languageNameOf(deps.db, req.query.interfaceLanguageISO));
    return saved;
  });

  route(app, api.websiteTexts, opts, (req) => websiteTexts(deps, req.query));
};

import { continentSchema, countrySchema, languageSchema } from '@vellum/contract';
import { z } from 'zod';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { listContinents, listCountries, listLanguages } from './reference-data.repo.js';

const tags = ['reference-data'];

/** Read-only reference data (decision 0022): any signed-in user may read it. */
export const referenceDataRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  r.get(
    '/api/continents',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The continents, by name', response: { 200: z.array(continentSchema) } },
    },
    async (_req, reply) => {
      const rows = await listContinents(deps.db);
      return sendPage(reply, rows, rows.length);
    },
  );

  r.get(
    '/api/countries',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Every ISO 3166-1 country (alpha-2 code, English name, continent), by name',
        response: { 200: z.array(countrySchema) },
      },
    },
    async (_req, reply) => {
      const rows = await listCountries(deps.db);
      return sendPage(reply, rows, rows.length);
    },
  );

  r.get(
    '/api/languages',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Every known language: ISO 639-1 and the regional variants (pt-BR, zh-TW, ...), by English name',
        description: 'The codes a unit may choose as interface or document languages; rtl marks right-to-left scripts.',
        response: { 200: z.array(languageSchema) },
      },
    },
    async (_req, reply) => {
      const rows = await listLanguages(deps.db);
      return sendPage(reply, rows, rows.length);
    },
  );
};

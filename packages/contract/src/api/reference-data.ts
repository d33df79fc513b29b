import { z } from 'zod';
import { continentSchema, countrySchema, languageSchema } from '../regions-languages.js';
import { defineRoute } from './define.js';

const tags = ['reference-data'];

/** Read-only reference data (decision 0022): any signed-in user may read it. */
export const referenceDataApi = {
  continents: defineRoute({
    method: 'GET',
    path: '/api/continents',
    tags,
    summary: 'The continents, by name',
    response: { 200: z.array(continentSchema) },
  }),
  countries: defineRoute({
    method: 'GET',
    path: '/api/countries',
    tags,
    summary: 'Every ISO 3166-1 country (alpha-2 code, English name, continent), by name',
    response: { 200: z.array(countrySchema) },
  }),
  languages: defineRoute({
    method: 'GET',
    path: '/api/languages',
    tags,
    summary: 'Every known language: ISO 639-1 and the regional variants (pt-BR, zh-TW, ...), by English name',
    description: 'The codes a unit may choose as interface or document languages; rtl marks right-to-left scripts.',
    response: { 200: z.array(languageSchema) },
  }),
};

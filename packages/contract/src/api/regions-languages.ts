import { z } from 'zod';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import { OrganisationErrorKeys } from '../organisation.js';
import {
  RegionLanguageErrorKeys as E,
  languageGroupCreateBody,
  languageGroupSchema,
  languageGroupUpdateBody,
  languageSchema,
  regionCreateBody,
  regionSchema,
  regionUpdateBody,
  unitLanguagesBody,
  unitLanguagesQuery,
  unitListQuery,
} from '../regions-languages.js';
import { defineRoute } from './define.js';

/*
 * A unit's regions and languages come in two kinds with the same routes under their own paths
 * (decision 0023): each kind's routes are built by one function, and `regionsApi.interface` and
 * `regionsApi.document` (likewise `languagesApi`) hold them, so both sides pick a kind's routes by
 * its name instead of building paths.
 */

/** The GET and PUT of a unit's interface or document language list at `/api/{name}`. */
function unitLanguageRoutes<const N extends string>(name: N, kind: string, rule: string, errors: readonly string[]) {
  const path = `/api/${name}` as const;
  const tags = [name];
  return {
    list: defineRoute({
      method: 'GET',
      path,
      tags,
      summary: `The ${kind} languages of a business unit, by English name`,
      description: 'Without business-unit: the manufacturer-wide list (unit 0) that new units start with (decision 0023).',
      query: unitLanguagesQuery,
      response: { 200: z.array(languageSchema) },
    }),
    replace: defineRoute({
      method: 'PUT',
      path,
      tags,
      summary: `Replaces the ${kind} languages of a business unit`,
      description: `The body is the unit's whole list of ISO codes of api/languages (error.language.unknown otherwise). ${rule}`,
      query: unitLanguagesQuery,
      body: unitLanguagesBody,
      response: { 200: z.array(languageSchema) },
      errors: [E.unknownLanguage, ...errors],
    }),
  };
}

/** A unit's interface languages (the website's) and document languages, each list read and replaced whole. */
export const languagesApi = {
  interface: unitLanguageRoutes('interface-languages', 'interface', 'English cannot be removed (error.businessUnit.englishRequired).', [
    OrganisationErrorKeys.englishRequired,
  ]),
  document: unitLanguageRoutes(
    'document-languages',
    'document',
    'A language still in a language group cannot be removed (error.language.inLanguageGroup).',
    [E.documentLanguageInGroup],
  ),
};

const groupTags = ['language-groups'];
/** What a language group's create or update may answer beside validation. */
const groupErrors = [
  E.languageGroupLanguageRequired,
  E.unknownLanguage,
  E.languageGroupNotDocumentLanguage,
  E.languageGroupNameExists,
  E.languageGroupLanguageAssigned,
] as const;

const updateGroup = {
  method: 'PUT',
  tags: groupTags,
  summary: 'Updates a language group',
  description: 'The business unit cannot change (error.languageGroup.businessUnitCannotChange); a stale version answers 409.',
  body: languageGroupUpdateBody,
  response: { 200: languageGroupSchema },
  errors: [...groupErrors, E.languageGroupBusinessUnitCannotChange],
} as const;

/** The language groups of a unit: its document languages grouped, each language in one group at most. */
export const languageGroupsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/language-groups',
    tags: groupTags,
    summary: 'The language groups of a business unit',
    description: 'Sorted by name unless sort= says otherwise (name, id); search matches the name; the total is in x-total-count.',
    query: unitListQuery,
    response: { 200: z.array(languageGroupSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/language-groups/:id',
    tags: groupTags,
    summary: 'A language group',
    params: idParams,
    response: { 200: languageGroupSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/language-groups',
    tags: groupTags,
    summary: 'Creates a language group',
    description:
      'documentLanguageIds: at least one document language of the unit (error.languageGroup.notDocumentLanguage), each in one group of ' +
      'the unit (error.languageGroup.languageAlreadyAssigned); the name is unique in the unit (error.languageGroup.nameExists).',
    body: languageGroupCreateBody,
    response: { 201: languageGroupSchema },
    errors: groupErrors,
  }),
  update: defineRoute({ ...updateGroup, path: '/api/language-groups' }),
  updateById: defineRoute({
    ...updateGroup,
    path: '/api/language-groups/:id',
    params: idParams,
    errors: [...updateGroup.errors, ErrorKeys.idMismatch],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/language-groups/:id',
    tags: groupTags,
    summary: 'Deletes a language group (its languages stay document languages of the unit)',
    params: idParams,
  }),
};

/** What a region's create or update may answer beside validation. */
const regionErrors = [E.regionCountryRequired, E.unknownCountry, E.regionNameExists, E.regionCountryAssigned] as const;

/** The CRUD of the regions of one kind at `/api/{name}`; `what` names a region of the kind in the OpenAPI text. */
function regionRoutes<const N extends string>(name: N, what: string) {
  const path = `/api/${name}` as const;
  const tags = [name];
  const update = {
    method: 'PUT',
    tags,
    summary: `Updates an ${what}`,
    description: 'The business unit cannot change (error.region.businessUnitCannotChange); a stale version answers 409.',
    body: regionUpdateBody,
    response: { 200: regionSchema },
    errors: [...regionErrors, E.regionBusinessUnitCannotChange],
  } as const;
  return {
    list: defineRoute({
      method: 'GET',
      path,
      tags,
      summary: `The ${what}s of a business unit`,
      description:
        'Sorted by name unless sort= says otherwise (name, id); search matches the name (case-insensitive); the total is in ' +
        'x-total-count. A unit without regions of its own answers the manufacturer-wide regions of unit 0 (businessUnitId 0), which it inherits.',
      query: unitListQuery,
      response: { 200: z.array(regionSchema) },
    }),
    get: defineRoute({
      method: 'GET',
      path: `${path}/:id`,
      tags,
      summary: `An ${what}`,
      params: idParams,
      response: { 200: regionSchema },
    }),
    create: defineRoute({
      method: 'POST',
      path,
      tags,
      summary: `Creates an ${what}`,
      description:
        'countryIds are ISO 3166-1 alpha-2 codes, at least one; a country belongs to one region of this kind in the unit ' +
        '(error.region.countryAlreadyAssigned), the name is unique in the unit regardless of case (error.region.nameExists).',
      body: regionCreateBody,
      response: { 201: regionSchema },
      errors: regionErrors,
    }),
    update: defineRoute({ ...update, path }),
    updateById: defineRoute({ ...update, path: `${path}/:id`, params: idParams, errors: [...update.errors, ErrorKeys.idMismatch] }),
    delete: defineRoute({ method: 'DELETE', path: `${path}/:id`, tags, summary: `Deletes an ${what}`, params: idParams }),
  };
}

/** Interface regions (the countries a website visitor picks from) and document regions (where a file is valid), decision 0023. */
export const regionsApi = {
  interface: regionRoutes('interface-regions', 'interface region (the countries a website visitor picks from)'),
  document: regionRoutes('document-regions', 'document region (countries a file is valid for)'),
};

import {
  type AccessRight,
  idParams,
  languageGroupCreateBody,
  languageGroupSchema,
  languageGroupUpdateBody,
  languageSchema,
  unitLanguagesBody,
  unitLanguagesQuery,
  unitListQuery,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import {
  createLanguageGroup,
  deleteLanguageGroup,
  getLanguageGroup,
  listLanguageGroups,
  unitOfLanguageGroup,
  updateLanguageGroup,
} from './language-groups.service.js';
import { getUnitLanguages, putUnitLanguages, type UnitLanguageKind } from './languages.service.js';

const UNIT_LISTS: { kind: UnitLanguageKind; path: string; manage: AccessRight; readers: AccessRight[]; rule: string }[] = [
  {
    kind: 'interface',
    path: '/api/interface-languages',
    manage: 'INTERFACE_LANGUAGE_MANAGE',
    readers: ['TRANSLATION', 'LAYOUT_MANAGE', 'INTERFACE_REGION_MANAGE'],
    rule: 'English cannot be removed (error.businessUnit.englishRequired).',
  },
  {
    kind: 'document',
    path: '/api/document-languages',
    manage: 'DOCUMENT_LANGUAGE_MANAGE',
    readers: ['DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    rule: 'A language still in a language group cannot be removed (error.language.inLanguageGroup).',
  },
];

const GROUP_READERS: AccessRight[] = ['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'];

export const languagesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;

  for (const l of UNIT_LISTS) {
    const tags = [l.path.slice(5)];
    const unit = unitFromQuery('business-unit');
    r.get(
      l.path,
      {
        config: { access: { right: [l.manage, ...l.readers], unit } },
        schema: {
          tags,
          summary: `The ${l.kind} languages of a business unit, by English name`,
          description: 'Without business-unit: the manufacturer-wide list (unit 0) that new units start with (decision 0023).',
          querystring: unitLanguagesQuery,
          response: { 200: z.array(languageSchema) },
        },
      },
      async (req, reply) => {
        const items = await getUnitLanguages(deps, l.kind, req.query['business-unit'] ?? 0);
        return sendPage(reply, items, items.length);
      },
    );
    r.put(
      l.path,
      {
        config: { access: { right: l.manage, unit } },
        schema: {
          tags,
          summary: `Replaces the ${l.kind} languages of a business unit`,
          description: `The body is the unit's whole list of ISO codes of api/languages (error.language.unknown otherwise). ${l.rule}`,
          querystring: unitLanguagesQuery,
          body: unitLanguagesBody,
          response: { 200: z.array(languageSchema) },
        },
      },
      async (req, reply) => {
        const items = await putUnitLanguages(deps, authOf(req), l.kind, req.query['business-unit'] ?? 0, req.body);
        alert(reply, `vellumApp.${l.kind}Languages.updated`, String(items.length));
        return sendPage(reply, items, items.length);
      },
    );
  }

  const tags = ['language-groups'];
  const ofGroup = unitOfEntity(() => deps.db, 'languageGroup', unitOfLanguageGroup);
  const update: AccessRule = {
    right: 'DOCUMENT_LANGUAGE_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'languageGroup', unitOfLanguageGroup),
  };

  r.get(
    '/api/language-groups',
    {
      config: { access: { right: GROUP_READERS, unit: unitFromQuery('business-unit') } },
      schema: {
        tags,
        summary: 'The language groups of a business unit',
        description: 'Sorted by name unless sort= says otherwise (name, id); search matches the name; the total is in x-total-count.',
        querystring: unitListQuery,
        response: { 200: z.array(languageGroupSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listLanguageGroups(deps, req.query);
      return sendPage(reply, items, total);
    },
  );
  r.get(
    '/api/language-groups/:id',
    {
      config: { access: { right: GROUP_READERS, unit: ofGroup } },
      schema: { tags, summary: 'A language group', params: idParams, response: { 200: languageGroupSchema } },
    },
    (req) => getLanguageGroup(deps, req.params.id),
  );
  r.post(
    '/api/language-groups',
    {
      config: { access: { right: 'DOCUMENT_LANGUAGE_MANAGE', unit: unitFromBody('businessUnitId') } },
      schema: {
        tags,
        summary: 'Creates a language group',
        description:
          'documentLanguageIds: at least one document language of the unit (error.languageGroup.notDocumentLanguage), each in one group of ' +
          'the unit (error.languageGroup.languageAlreadyAssigned); the name is unique in the unit (error.languageGroup.nameExists).',
        body: languageGroupCreateBody,
        response: { 201: languageGroupSchema },
      },
    },
    async (req, reply) => {
      const group = await createLanguageGroup(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.languageGroup.created', group.name).status(201);
      return group;
    },
  );
  const updateSchema = {
    tags,
    summary: 'Updates a language group',
    description: 'The business unit cannot change (error.languageGroup.businessUnitCannotChange); a stale version answers 409.',
    body: languageGroupUpdateBody,
    response: { 200: languageGroupSchema },
  };
  r.put('/api/language-groups', { config: { access: update }, schema: updateSchema }, async (req, reply) => {
    const group = await updateLanguageGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.languageGroup.updated', group.name);
    return group;
  });
  r.put('/api/language-groups/:id', { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const group = await updateLanguageGroup(deps, authOf(req), req.body, req.params.id);
    alert(reply, 'vellumApp.languageGroup.updated', group.name);
    return group;
  });
  r.delete(
    '/api/language-groups/:id',
    {
      config: { access: { right: 'DOCUMENT_LANGUAGE_MANAGE', unit: ofGroup } },
      schema: { tags, summary: 'Deletes a language group (its languages stay document languages of the unit)', params: idParams },
    },
    async (req, reply) => {
      const group = await deleteLanguageGroup(deps, authOf(req), req.params.id);
      return alert(reply, 'vellumApp.languageGroup.deleted', group.name).status(204).send();
    },
  );
};

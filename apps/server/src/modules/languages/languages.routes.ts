import { type AccessRight, languageGroupsApi, languagesApi } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import {
  createLanguageGroup,
  deleteLanguageGroup,
  getLanguageGroup,
  listLanguageGroups,
  unitOfLanguageGroup,
  updateLanguageGroup,
} from './language-groups.service.js';
import { getUnitLanguages, putUnitLanguages, type UnitLanguageKind } from './languages.service.js';

const UNIT_LISTS: { kind: UnitLanguageKind; manage: AccessRight; readers: AccessRight[] }[] = [
  { kind: 'interface', manage: 'INTERFACE_LANGUAGE_MANAGE', readers: ['TRANSLATION', 'LAYOUT_MANAGE', 'INTERFACE_REGION_MANAGE'] },
  { kind: 'document', manage: 'DOCUMENT_LANGUAGE_MANAGE', readers: ['DOCUMENT_MANAGE', 'DOCUMENT_READ'] },
];

const GROUP_READERS: AccessRight[] = ['DOCUMENT_LANGUAGE_MANAGE', 'DOCUMENT_MANAGE', 'DOCUMENT_READ'];

export const languagesRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  for (const l of UNIT_LISTS) {
    const api = languagesApi[l.kind];
    const unit = unitFromQuery('business-unit');
    route(app, api.list, { access: { right: [l.manage, ...l.readers], unit } }, async (req, reply) => {
      const items = await getUnitLanguages(deps, l.kind, req.query['business-unit'] ?? 0);
      return sendPage(reply, items, items.length);
    });
    route(app, api.replace, { access: { right: l.manage, unit } }, async (req, reply) => {
      const items = await putUnitLanguages(deps, authOf(req), l.kind, req.query['business-unit'] ?? 0, req.body);
      alert(reply, `vellumApp.${l.kind}Languages.updated`, String(items.length));
      return sendPage(reply, items, items.length);
    });
  }

  const api = languageGroupsApi;
  const ofGroup = unitOfEntity(() => deps.db, 'languageGroup', unitOfLanguageGroup);
  const update: AccessRule = {
    right: 'DOCUMENT_LANGUAGE_MANAGE',
    unit: unitOfEntityInPathOrBody(() => deps.db, 'languageGroup', unitOfLanguageGroup),
  };

  route(app, api.list, { access: { right: GROUP_READERS, unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listLanguageGroups(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.get, { access: { right: GROUP_READERS, unit: ofGroup } }, (req) => getLanguageGroup(deps, req.params.id));
  route(app, api.create, { access: { right: 'DOCUMENT_LANGUAGE_MANAGE', unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
    const group = await createLanguageGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.languageGroup.created', group.name).status(201);
    return group;
  });
  route(app, api.update, { access: update }, async (req, reply) => {
    const group = await updateLanguageGroup(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.languageGroup.updated', group.name);
    return group;
  });
  route(app, api.updateById, { access: update }, async (req, reply) => {
    const group = await updateLanguageGroup(deps, authOf(req), req.body, req.params.id);
    alert(reply, 'vellumApp.languageGroup.updated', group.name);
    return group;
  });
  route(app, api.delete, { access: { right: 'DOCUMENT_LANGUAGE_MANAGE', unit: ofGroup } }, async (req, reply) => {
    const group = await deleteLanguageGroup(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.languageGroup.deleted', group.name).status(204).send();
  });
};

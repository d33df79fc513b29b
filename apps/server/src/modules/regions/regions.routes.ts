import { type AccessRight, type RegionKind, regionsApi } from '@vellum/contract';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { createRegion, deleteRegion, getRegion, listRegions, unitOfRegion, updateRegion } from './regions.service.js';

interface KindRoutes {
  kind: RegionKind;
  /** The kind's routes in the contract. */
  api: (typeof regionsApi)[keyof typeof regionsApi];
  /** The entity name of the access lookup. */
  entity: string;
  manage: AccessRight;
  /** Who may read the regions besides their managers. */
  readers: AccessRight[];
  alertKey: string;
}

const KINDS: KindRoutes[] = [
  {
    kind: 'INTERFACE',
    api: regionsApi.interface,
    entity: 'interfaceRegion',
    manage: 'INTERFACE_REGION_MANAGE',
    readers: ['TRANSLATION'],
    alertKey: 'vellumApp.interfaceRegion',
  },
  {
    kind: 'DOCUMENT',
    api: regionsApi.document,
    entity: 'documentRegion',
    manage: 'DOCUMENT_REGION_MANAGE',
    readers: ['DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    alertKey: 'vellumApp.documentRegion',
  },
];

/** CRUD of interface and document regions: the same rules, each kind under its own right (decision 0023). */
export const regionsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  for (const { kind, api, entity, manage, readers, alertKey } of KINDS) {
    const readRights = [manage, ...readers];
    const ofRegion = unitOfEntity(() => deps.db, entity, unitOfRegion(kind));
    const update: AccessRule = { right: manage, unit: unitOfEntityInPathOrBody(() => deps.db, entity, unitOfRegion(kind)) };

    route(app, api.list, { access: { right: readRights, unit: unitFromQuery('business-unit') } }, async (req, reply) => {
      const { items, total } = await listRegions(deps, kind, req.query);
      return sendPage(reply, items, total);
    });

    route(app, api.get, { access: { right: readRights, unit: ofRegion } }, (req) => getRegion(deps, kind, req.params.id));

    route(app, api.create, { access: { right: manage, unit: unitFromBody('businessUnitId') } }, async (req, reply) => {
      const region = await createRegion(deps, authOf(req), kind, req.body);
      alert(reply, `${alertKey}.created`, region.name).status(201);
      return region;
    });

    route(app, api.update, { access: update }, async (req, reply) => {
      const region = await updateRegion(deps, authOf(req), kind, req.body);
      alert(reply, `${alertKey}.updated`, region.name);
      return region;
    });
    route(app, api.updateById, { access: update }, async (req, reply) => {
      const region = await updateRegion(deps, authOf(req), kind, req.body, req.params.id);
      alert(reply, `${alertKey}.updated`, region.name);
      return region;
    });

    route(app, api.delete, { access: { right: manage, unit: ofRegion } }, async (req, reply) => {
      const region = await deleteRegion(deps, authOf(req), kind, req.params.id);
      return alert(reply, `${alertKey}.deleted`, region.name).status(204).send();
    });
  }
};

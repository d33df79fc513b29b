import {
  type AccessRight,
  idParams,
  type RegionKind,
  regionCreateBody,
  regionSchema,
  regionUpdateBody,
  unitListQuery,
} from '@vellum/contract';
import { z } from 'zod';
import { type AccessRule, authOf, unitFromBody, unitFromQuery, unitOfEntity, unitOfEntityInPathOrBody } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { createRegion, deleteRegion, getRegion, listRegions, unitOfRegion, updateRegion } from './regions.service.js';

interface KindRoutes {
  kind: RegionKind;
  path: string;
  /** The entity name of the access lookup. */
  entity: string;
  manage: AccessRight;
  /** Who may read the regions besides their managers. */
  readers: AccessRight[];
  alertKey: string;
  what: string;
}

const KINDS: KindRoutes[] = [
  {
    kind: 'INTERFACE',
    path: '/api/interface-regions',
    entity: 'interfaceRegion',
    manage: 'INTERFACE_REGION_MANAGE',
    readers: ['TRANSLATION'],
    alertKey: 'vellumApp.interfaceRegion',
    what: 'interface region (the countries a website visitor picks from)',
  },
  {
    kind: 'DOCUMENT',
    path: '/api/document-regions',
    entity: 'documentRegion',
    manage: 'DOCUMENT_REGION_MANAGE',
    readers: ['DOCUMENT_MANAGE', 'DOCUMENT_READ'],
    alertKey: 'vellumApp.documentRegion',
    what: 'document region (countries a file is valid for)',
  },
];

/** CRUD of interface and document regions: the same rules, each kind under its own right (decision 0023). */
export const regionsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  for (const k of KINDS) {
    const tags = [k.path.slice(5)];
    const readRights = [k.manage, ...k.readers];
    const ofRegion = unitOfEntity(() => deps.db, k.entity, unitOfRegion(k.kind));
    const update: AccessRule = { right: k.manage, unit: unitOfEntityInPathOrBody(() => deps.db, k.entity, unitOfRegion(k.kind)) };

    r.get(
      k.path,
      {
        config: { access: { right: readRights, unit: unitFromQuery('business-unit') } },
        schema: {
          tags,
          summary: `The ${k.what}s of a business unit`,
          description:
            'Sorted by name unless sort= says otherwise (name, id); search matches the name (case-insensitive); the total is in ' +
            'x-total-count. A unit without regions of its own answers the manufacturer-wide regions of unit 0 (businessUnitId 0), which it inherits.',
          querystring: unitListQuery,
          response: { 200: z.array(regionSchema) },
        },
      },
      async (req, reply) => {
        const { items, total } = await listRegions(deps, k.kind, req.query);
        return sendPage(reply, items, total);
      },
    );

    r.get(
      `${k.path}/:id`,
      {
        config: { access: { right: readRights, unit: ofRegion } },
        schema: { tags, summary: `An ${k.what}`, params: idParams, response: { 200: regionSchema } },
      },
      (req) => getRegion(deps, k.kind, req.params.id),
    );

    r.post(
      k.path,
      {
        config: { access: { right: k.manage, unit: unitFromBody('businessUnitId') } },
        schema: {
          tags,
          summary: `Creates an ${k.what}`,
          description:
            'countryIds are ISO 3166-1 alpha-2 codes, at least one; a country belongs to one region of this kind in the unit ' +
            '(error.region.countryAlreadyAssigned), the name is unique in the unit regardless of case (error.region.nameExists).',
          body: regionCreateBody,
          response: { 201: regionSchema },
        },
      },
      async (req, reply) => {
        const region = await createRegion(deps, authOf(req), k.kind, req.body);
        alert(reply, `${k.alertKey}.created`, region.name).status(201);
        return region;
      },
    );

    const updateSchema = {
      tags,
      summary: `Updates an ${k.what}`,
      description: 'The business unit cannot change (error.region.businessUnitCannotChange); a stale version answers 409.',
      body: regionUpdateBody,
      response: { 200: regionSchema },
    };
    r.put(k.path, { config: { access: update }, schema: updateSchema }, async (req, reply) => {
      const region = await updateRegion(deps, authOf(req), k.kind, req.body);
      alert(reply, `${k.alertKey}.updated`, region.name);
      return region;
    });
    r.put(`${k.path}/:id`, { config: { access: update }, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
      const region = await updateRegion(deps, authOf(req), k.kind, req.body, req.params.id);
      alert(reply, `${k.alertKey}.updated`, region.name);
      return region;
    });

    r.delete(
      `${k.path}/:id`,
      { config: { access: { right: k.manage, unit: ofRegion } }, schema: { tags, summary: `Deletes an ${k.what}`, params: idParams } },
      async (req, reply) => {
        const region = await deleteRegion(deps, authOf(req), k.kind, req.params.id);
        return alert(reply, `${k.alertKey}.deleted`, region.name).status(204).send();
      },
    );
  }
};

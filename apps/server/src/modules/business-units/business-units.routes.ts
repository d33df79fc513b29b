import { businessUnitsApi as api } from '@vellum/contract';
import { authOf, unitFromBody, unitFromParam } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { getLayout } from '../website-layout/unit-layout.js';
import { getCss, logoKeyOf, requireLayoutUnit, storeLogo, updateCss, updateLayout } from './business-unit-layout.service.js';
import {
  businessUnitName,
  createBusinessUnit,
  getBusinessUnit,
  getDisplayName,
  getStatistics,
  listVisibleBusinessUnits,
  removeBusinessUnit,
  updateBusinessUnitSettings,
} from './business-units.service.js';

const UPDATED = 'vellumApp.businessUnit.updated';

export const businessUnitsRoutes: RoutesPlugin = async (app) => {
  const deps = app.deps;

  route(app, api.list, { access: 'authenticated' }, async (req, reply) => {
    const { items, total } = await listVisibleBusinessUnits(deps, authOf(req), req.query);
    return sendPage(reply, items, total);
  });

  route(app, api.get, { access: 'authenticated' }, (req) => getBusinessUnit(deps, authOf(req), req.params.id));

  route(app, api.create, { access: { right: 'BUSINESS_UNIT_CREATE' } }, async (req, reply) => {
    const unit = await createBusinessUnit(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.businessUnit.created', unit.displayName);
    return reply.status(201).send(unit);
  });

  const updateAccess = { right: 'BUSINESS_UNIT_UPDATE', unit: unitFromBody('id') } as const;
  route(app, api.update, { access: updateAccess }, async (req, reply) => {
    const unit = await updateBusinessUnitSettings(deps, authOf(req), req.body);
    alert(reply, UPDATED, unit.displayName);
    return unit;
  });
  route(app, api.updateById, { access: updateAccess }, async (req, reply) => {
    const unit = await updateBusinessUnitSettings(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, unit.displayName);
    return unit;
  });

  route(app, api.delete, { access: { right: 'BUSINESS_UNIT_DELETE' } }, async (req, reply) => {
    const name = await removeBusinessUnit(deps, authOf(req), req.params.id);
    alert(reply, 'vellumApp.businessUnit.deleted', name);
    return reply.status(204).send();
  });

  route(app, api.displayName, { access: 'authenticated' }, (req) => getDisplayName(deps, authOf(req), req.params.id));
  route(app, api.statistics, { access: 'authenticated' }, (req) => getStatistics(deps, authOf(req), req.params.id));

  route(app, api.uploadLogo, { access: { right: 'BUSINESS_UNIT_IMAGE', unit: unitFromParam() } }, async (req, reply) => {
    await requireLayoutUnit(deps, req.params.id);
    const image = await readImageUpload(req, 'logo');
    const unit = await storeLogo(deps, authOf(req), req.params.id, image);
    alert(reply, UPDATED, unit.displayName);
    return unit;
  });

  route(app, api.logo, { access: 'authenticated' }, async (req, reply) =>
    sendImage(req, reply, deps.files, await logoKeyOf(deps, authOf(req), req.params.id), 'logo', { signedIn: true }),
  );

  route(app, api.css, { access: 'authenticated' }, (req) => getCss(deps, authOf(req), req.params.id));

  route(app, api.updateCss, { access: { right: 'LAYOUT_MANAGE', unit: unitFromParam() } }, async (req, reply) => {
    const result = await updateCss(deps, authOf(req), req.params.id, req.body.content);
    alert(reply, UPDATED, await businessUnitName(deps, req.params.id));
    return result;
  });

  route(app, api.layout, { access: { right: 'LAYOUT_MANAGE', unit: unitFromParam() } }, (req) => getLayout(deps, req.params.id));

  route(app, api.updateLayout, { access: { right: 'LAYOUT_MANAGE', unit: unitFromBody('id') } }, async (req, reply) => {
    const layout = await updateLayout(deps, authOf(req), req.body);
    alert(reply, UPDATED, await businessUnitName(deps, layout.id));
    return layout;
  });

  route(app, api.styleSheet, { access: 'authenticated' }, async (req, reply) =>
    reply
      .header('Content-Type', 'text/css; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send((await getCss(deps, authOf(req), req.params.id)).content),
  );
};

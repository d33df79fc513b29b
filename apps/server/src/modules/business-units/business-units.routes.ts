import {
  businessUnitCreateBody,
  businessUnitCssBody,
  businessUnitCssSchema,
  businessUnitDisplayNameSchema,
  businessUnitLayoutBody,
  businessUnitLayoutSchema,
  businessUnitListQuery,
  businessUnitSchema,
  businessUnitStatisticsSchema,
  businessUnitUpdateBody,
  idParams,
} from '@vellum/contract';
import { z } from 'zod';
import { authOf, unitFromBody, unitFromParam } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { readImageUpload, sendImage } from '../../platform/images.js';
import { sendPage } from '../../platform/paging.js';
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

const tags = ['business-unit'];
const UPDATED = 'vellumApp.businessUnit.updated';

export const businessUnitsRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const deps = app.deps;

  r.get(
    '/api/business-units',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The business units the user holds rights in (every one for general rights or business-unit managers)',
        description:
          'search matches the display name or slug; without page/size the whole list is answered; the total is in x-total-count.',
        querystring: businessUnitListQuery,
        response: { 200: z.array(businessUnitSchema) },
      },
    },
    async (req, reply) => {
      const { items, total } = await listVisibleBusinessUnits(deps, authOf(req), req.query);
      return sendPage(reply, items, total);
    },
  );

  r.get(
    '/api/business-units/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'A business unit (any right in it)', params: idParams, response: { 200: businessUnitSchema } },
    },
    (req) => getBusinessUnit(deps, authOf(req), req.params.id),
  );

  r.post(
    '/api/business-units',
    {
      config: { access: { right: 'BUSINESS_UNIT_CREATE' } },
      schema: { tags, summary: 'Creates a business unit', body: businessUnitCreateBody, response: { 201: businessUnitSchema } },
    },
    async (req, reply) => {
      const unit = await createBusinessUnit(deps, authOf(req), req.body);
      alert(reply, 'vellumApp.businessUnit.created', unit.displayName);
      return reply.status(201).send(unit);
    },
  );

  const updateSchema = {
    tags,
    summary: 'Updates a business unit (BUSINESS_UNIT_UPDATE in it)',
    description: 'The slug cannot change, English stays among the interface languages, a stale version answers 409.',
    body: businessUnitUpdateBody,
    response: { 200: businessUnitSchema },
  };
  const updateAccess = { access: { right: 'BUSINESS_UNIT_UPDATE', unit: unitFromBody('id') } } as const;
  r.put('/api/business-units', { config: updateAccess, schema: updateSchema }, async (req, reply) => {
    const unit = await updateBusinessUnitSettings(deps, authOf(req), req.body);
    alert(reply, UPDATED, unit.displayName);
    return unit;
  });
  r.put('/api/business-units/:id', { config: updateAccess, schema: { ...updateSchema, params: idParams } }, async (req, reply) => {
    const unit = await updateBusinessUnitSettings(deps, authOf(req), req.body, req.params.id);
    alert(reply, UPDATED, unit.displayName);
    return unit;
  });

  r.delete(
    '/api/business-units/:id',
    {
      config: { access: { right: 'BUSINESS_UNIT_DELETE' } },
      schema: { tags, summary: 'Deletes a business unit that holds no content', params: idParams },
    },
    async (req, reply) => {
      const name = await removeBusinessUnit(deps, authOf(req), req.params.id);
      alert(reply, 'vellumApp.businessUnit.deleted', name);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/business-units/:id/displayName',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The display name of a business unit', params: idParams, response: { 200: businessUnitDisplayNameSchema } },
    },
    (req) => getDisplayName(deps, authOf(req), req.params.id),
  );

  r.get(
    '/api/business-units/:id/statistics',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Object counts of a business unit', params: idParams, response: { 200: businessUnitStatisticsSchema } },
    },
    (req) => getStatistics(deps, authOf(req), req.params.id),
  );

  r.post(
    '/api/business-units/:id/logo',
    {
      config: { access: { right: 'BUSINESS_UNIT_IMAGE', unit: unitFromParam() } },
      schema: {
        tags,
        summary: 'Uploads the logo of a business unit (unit 0: the manufacturer-wide logo units without one show)',
        description:
          'multipart/form-data with one PNG, JPEG or SVG file in the field `logo` (at most 5 MB; checked by content, SVG sanitised)',
        params: idParams,
        response: { 200: businessUnitSchema },
      },
    },
    async (req, reply) => {
      await requireLayoutUnit(deps, req.params.id);
      const image = await readImageUpload(req, 'logo');
      const unit = await storeLogo(deps, authOf(req), req.params.id, image);
      alert(reply, UPDATED, unit.displayName);
      return unit;
    },
  );

  r.get(
    '/api/business-units/:id/logo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The saved logo of a business unit, for the administration (404 when none)',
        description:
          "Any right in the unit; unit 0's logo (inherited by units without one) for any signed-in user. The public website shows " +
          'the logo of the live publication at /site/{slug}/media/{key}, never this one (decision 0050).',
        params: idParams,
      },
    },
    async (req, reply) => sendImage(req, reply, deps.files, await logoKeyOf(deps, authOf(req), req.params.id), 'logo', { signedIn: true }),
  );

  r.get(
    '/api/business-units/:id/css',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The custom CSS of the public website of a business unit',
        params: idParams,
        response: { 200: businessUnitCssSchema },
      },
    },
    (req) => getCss(deps, authOf(req), req.params.id),
  );

  r.put(
    '/api/business-units/:id/css',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: unitFromParam() } },
      schema: {
        tags,
        summary: "Replaces the custom CSS (unit 0: manufacturer-wide, applied before each unit's own)",
        description:
          'At most 100,000 characters. Parsed with css-tree: CSS that does not parse answers error.css.invalid with line and column; ' +
          '@import, @namespace, expression(), behavior, -moz-binding and javascript: answer error.css.forbidden; url(), src() and ' +
          'image-set() may only name a public resource of the unit as resources/<name> (error.css.resourceNotFound). Escapes are decoded first.',
        params: idParams,
        body: businessUnitCssBody,
        response: { 200: businessUnitCssSchema },
      },
    },
    async (req, reply) => {
      const result = await updateCss(deps, authOf(req), req.params.id, req.body.content);
      alert(reply, UPDATED, await businessUnitName(deps, req.params.id));
      return result;
    },
  );

  r.get(
    '/api/business-units/:id/layout',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: unitFromParam() } },
      schema: {
        tags,
        summary: 'The layout of the public website of a business unit (unit 0: manufacturer-wide)',
        description: 'inherited says which values the unit leaves to unit 0; effective is what the public site shows.',
        params: idParams,
        response: { 200: businessUnitLayoutSchema },
      },
    },
    (req) => getLayout(deps, req.params.id),
  );

  r.put(
    '/api/business-units/layout',
    {
      config: { access: { right: 'LAYOUT_MANAGE', unit: unitFromBody('id') } },
      schema: {
        tags,
        summary: 'Updates the layout (LAYOUT_MANAGE in the unit of the body id); a stale version answers 409',
        body: businessUnitLayoutBody,
        response: { 200: businessUnitLayoutSchema },
      },
    },
    async (req, reply) => {
      const layout = await updateLayout(deps, authOf(req), req.body);
      alert(reply, UPDATED, await businessUnitName(deps, layout.id));
      return layout;
    },
  );

  r.get(
    '/api/business-units/:id/style.css',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The saved custom CSS of a unit as a style sheet, for the administration',
        description:
          'The same right as GET /api/business-units/{id}/css (any right in the unit). The public website serves the CSS of the live ' +
          'publication at /site/{slug}/style.css, never this one (decision 0050).',
        params: idParams,
      },
    },
    async (req, reply) =>
      reply
        .header('Content-Type', 'text/css; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send((await getCss(deps, authOf(req), req.params.id)).content),
  );
};

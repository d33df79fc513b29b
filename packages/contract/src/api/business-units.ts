import { z } from 'zod';
import { idParams } from '../common.js';
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
  OrganisationErrorKeys as E,
} from '../organisation.js';
import { RegionLanguageErrorKeys } from '../regions-languages.js';
import { RestrictedAccessErrorKeys } from '../restricted-access.js';
import { WebsiteLayoutErrorKeys } from '../website-layout.js';
import { defineRoute } from './define.js';

const tags = ['business-unit'];

const update = {
  method: 'PUT',
  tags,
  summary: 'Updates a business unit (BUSINESS_UNIT_UPDATE in it)',
  description: 'The slug cannot change, English stays among the interface languages, a stale version answers 409.',
  body: businessUnitUpdateBody,
  response: { 200: businessUnitSchema },
  errors: [E.slugCannotChange, RestrictedAccessErrorKeys.publicUserGroupsExist],
} as const;

/** The business units, their statistics and the look of their public websites (spec 001 §7 "Business units", decision 0028). */
export const businessUnitsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/business-units',
    tags,
    summary: 'The business units the user holds rights in (every one for general rights or business-unit managers)',
    description: 'search matches the display name or slug; without page/size the whole list is answered; the total is in x-total-count.',
    query: businessUnitListQuery,
    response: { 200: z.array(businessUnitSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id',
    tags,
    summary: 'A business unit (any right in it)',
    params: idParams,
    response: { 200: businessUnitSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/business-units',
    tags,
    summary: 'Creates a business unit',
    body: businessUnitCreateBody,
    response: { 201: businessUnitSchema },
    errors: [E.slugExists, E.englishRequired, RegionLanguageErrorKeys.unknownLanguage],
  }),
  update: defineRoute({ ...update, path: '/api/business-units' }),
  updateById: defineRoute({ ...update, path: '/api/business-units/:id', params: idParams, errors: [...update.errors, E.idMismatch] }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/business-units/:id',
    tags,
    summary: 'Deletes a business unit that holds no content',
    params: idParams,
    errors: [E.businessUnitNotEmpty],
  }),
  displayName: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/displayName',
    tags,
    summary: 'The display name of a business unit',
    params: idParams,
    response: { 200: businessUnitDisplayNameSchema },
  }),
  statistics: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/statistics',
    tags,
    summary: 'Object counts of a business unit',
    params: idParams,
    response: { 200: businessUnitStatisticsSchema },
  }),
  uploadLogo: defineRoute({
    method: 'POST',
    path: '/api/business-units/:id/logo',
    tags,
    summary: 'Uploads the logo of a business unit (unit 0: the manufacturer-wide logo units without one show)',
    description: 'multipart/form-data with one PNG, JPEG or SVG file in the field `logo` (at most 5 MB; checked by content, SVG sanitised)',
    params: idParams,
    response: { 200: businessUnitSchema },
    errors: [E.notAnImage, E.fileTooLarge, E.unsupportedContentType],
  }),
  logo: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/logo',
    tags,
    summary: 'The saved logo of a business unit, for the administration (404 when none)',
    description:
      "Any right in the unit; unit 0's logo (inherited by units without one) for any signed-in user. The public website shows " +
      'the logo of the live publication at /site/{slug}/media/{key}, never this one (decision 0050).',
    params: idParams,
  }),
  css: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/css',
    tags,
    summary: 'The custom CSS of the public website of a business unit',
    params: idParams,
    response: { 200: businessUnitCssSchema },
  }),
  updateCss: defineRoute({
    method: 'PUT',
    path: '/api/business-units/:id/css',
    tags,
    summary: "Replaces the custom CSS (unit 0: manufacturer-wide, applied before each unit's own)",
    description:
      'At most 100,000 characters. Parsed with css-tree: CSS that does not parse answers error.css.invalid with line and column; ' +
      '@import, @namespace, expression(), behavior, -moz-binding and javascript: answer error.css.forbidden; url(), src() and ' +
      'image-set() may only name a public resource of the unit as resources/<name> (error.css.resourceNotFound). Escapes are decoded first.',
    params: idParams,
    body: businessUnitCssBody,
    response: { 200: businessUnitCssSchema },
    errors: [WebsiteLayoutErrorKeys.cssInvalid, WebsiteLayoutErrorKeys.cssForbidden, WebsiteLayoutErrorKeys.cssResourceNotFound],
  }),
  layout: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/layout',
    tags,
    summary: 'The layout of the public website of a business unit (unit 0: manufacturer-wide)',
    description: 'inherited says which values the unit leaves to unit 0; effective is what the public site shows.',
    params: idParams,
    response: { 200: businessUnitLayoutSchema },
  }),
  updateLayout: defineRoute({
    method: 'PUT',
    path: '/api/business-units/layout',
    tags,
    summary: 'Updates the layout (LAYOUT_MANAGE in the unit of the body id); a stale version answers 409',
    body: businessUnitLayoutBody,
    response: { 200: businessUnitLayoutSchema },
  }),
  styleSheet: defineRoute({
    method: 'GET',
    path: '/api/business-units/:id/style.css',
    tags,
    summary: 'The saved custom CSS of a unit as a style sheet, for the administration',
    description:
      'The same right as GET /api/business-units/{id}/css (any right in the unit). The public website serves the CSS of the live ' +
      'publication at /site/{slug}/style.css, never this one (decision 0050).',
    params: idParams,
  }),
};

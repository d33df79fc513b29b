import { z } from 'zod';
import { idParams } from '../common.js';
import { ErrorKeys } from '../errors.js';
import {
  ScheduledExportErrorKeys as E,
  scheduledExportCreateBody,
  scheduledExportDownloadQuery,
  scheduledExportListQuery,
  scheduledExportSchema,
  scheduledExportUpdateBody,
} from '../scheduled-exports.js';
import { defineRoute } from './define.js';

const tags = ['scheduled-exports'];

/** Scheduled exports of a business unit (issue 21, decision 0059). */
export const scheduledExportsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/scheduled-exports',
    tags,
    summary: 'The scheduled exports of a business unit (SCHEDULED_EXPORT_MANAGE)',
    description: 'sort: productTypeName, frequency, nextRunAt or id (default productTypeName); the total is in x-total-count.',
    query: scheduledExportListQuery,
    response: { 200: z.array(scheduledExportSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/scheduled-exports/:id',
    tags,
    summary: 'A scheduled export',
    params: idParams,
    response: { 200: scheduledExportSchema },
    errors: [E.notFound],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/scheduled-exports',
    tags,
    summary: 'Schedules the export of a product type’s products or of the unit’s documents, mailed to 1 to 20 addresses',
    description:
      'Daily, weekly (dayOfWeek 1 Monday to 7 Sunday) or monthly (dayOfMonth 1 to 28) at an hour of the day in timeZone (IANA, ' +
      'default UTC; runs follow its daylight saving time). entity PRODUCT needs productTypeId, DOCUMENT takes none. One schedule per ' +
      'product type, and one of the documents, per unit (error.scheduledExport.exists); a product type of another unit answers 400. ' +
      'Each recipient is mailed a link that downloads the zip only signed in as a user with that e-mail address and BULK_EXPORT in ' +
      'the unit, for 7 days.',
    body: scheduledExportCreateBody,
    response: { 201: scheduledExportSchema },
    errors: [E.exists, E.productTypeUnitMismatch],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/scheduled-exports/:id',
    tags,
    summary: 'Updates a scheduled export',
    description: 'The business unit cannot change; a stale version answers 409; the next run is computed again.',
    params: idParams,
    body: scheduledExportUpdateBody,
    response: { 200: scheduledExportSchema },
    errors: [E.exists, E.notFound, E.productTypeUnitMismatch, ErrorKeys.idMismatch],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/scheduled-exports/:id',
    tags,
    summary: 'Deletes a scheduled export (the exports already made stay until their links expire)',
    params: idParams,
    errors: [E.notFound],
  }),
  run: defineRoute({
    method: 'POST',
    path: '/api/scheduled-exports/:id/run',
    tags,
    summary: 'Makes a scheduled export now and mails its recipients, as its schedule would (the next run stays)',
    description:
      'Queues the export and answers at once (202) with its job id; each recipient is mailed their own link, as for a run on the ' +
      'schedule. A paused schedule runs too. The schedule’s next run does not move; its last run is now.',
    params: idParams,
    response: { 202: z.object({ id: z.number() }) },
    errors: [E.notFound],
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/scheduled-exports/downloads/:id',
    tags,
    summary: 'Downloads the zip of a scheduled export with the link of its e-mail',
    description:
      'The token names the export and the recipient’s address, and expires after 7 days; the signed-in user must have that ' +
      'address and BULK_EXPORT in the export’s unit (403 error.scheduledExport.downloadLinkInvalid otherwise).',
    params: idParams,
    query: scheduledExportDownloadQuery,
    produces: ['application/zip'],
    errors: [E.downloadLinkInvalid],
  }),
};

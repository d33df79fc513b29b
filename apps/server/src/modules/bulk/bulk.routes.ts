import { bulkApi as api, BULK_EXPORT_REQUESTED, bulkTemplateApi } from '@vellum/contract';
import { create as contentDisposition } from 'content-disposition';
import { authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { getBulkActive, openExport, requestExport, setBulkActive } from './bulk.service.js';
import { bulkTemplate } from './bulk-template.js';

export const bulkRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.active, { access: 'authenticated' }, () => getBulkActive(deps));
  route(app, api.setActive, { access: { right: 'BULK_IMPORT_ADMIN' } }, async (req, reply) => {
    const result = await setBulkActive(deps, authOf(req), req.body.active);
    alert(reply, 'vellumApp.bulk.activeUpdated');
    return result;
  });

  route(app, api.export, { access: { right: 'BULK_EXPORT', unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const result = await requestExport(deps, authOf(req), req.query);
    alert(reply, BULK_EXPORT_REQUESTED).status(202);
    return result;
  });

  // the link of the export's e-mail: its token names the export and the user, who must be the one signed in
  route(app, api.downloadExport, { access: 'authenticated' }, async (req, reply) => {
    const { stream, fileName } = await openExport(deps, authOf(req), req.params.id, req.query.token);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  // the sheet a user fills for an import, with the explanation of each column and one example row
  route(app, bulkTemplateApi.template, { access: { right: 'BULK_IMPORT', unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { bytes, contentType, fileName } = await bulkTemplate(deps, req.query);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', contentDisposition(fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};

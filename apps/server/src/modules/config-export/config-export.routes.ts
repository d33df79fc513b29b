import { configExportApi as api, CONFIG_IMPORT_MAX_BYTES, type ConfigPart } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { withFilePartOnDisk } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { applyImport, exportConfiguration, previewImport } from './config-export.service.js';

/** general-settings → configuration export (issue 24, decision 0078). */
const RIGHT = 'CONFIG_EXPORT';

export const configExportRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;

  route(app, api.export, { access: { right: RIGHT } }, async (_req, reply) => {
    const { fileName, zip } = await exportConfiguration(deps);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(zip);
  });

  route(app, api.preview, { access: { right: RIGHT } }, async (req) =>
    // the uploaded zip in `file`, streamed to a temporary file (at most 2 GB: 413 beyond)
    withFilePartOnDisk(req, 'file', CONFIG_IMPORT_MAX_BYTES, (zip) => previewImport(deps, zip)),
  );

  route(app, api.apply, { access: { right: RIGHT } }, async (req, reply) => {
    const parts = req.query.parts.split(',') as ConfigPart[];
    const result = await withFilePartOnDisk(req, 'file', CONFIG_IMPORT_MAX_BYTES, (zip) => applyImport(deps, authOf(req), zip, parts));
    alert(
      reply,
      'vellumApp.configImport.applied',
      result.parts.reduce((n, p) => n + p.added.length + p.changed.length, 0),
    );
    return result;
  });
};

import { configExportApi as api, CONFIG_IMPORT_MAX_BYTES, type ConfigPart } from '@vellum/contract';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { tooLarge, withFilePart } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import { applyImport, exportConfiguration, previewImport } from './config-export.service.js';

/** general-settings → configuration export (issue 24, decision 0078). */
const RIGHT = 'CONFIG_EXPORT';

/** The uploaded zip in `file`, whole (at most 50 MB: 413 beyond). */
const uploadOf = (req: FastifyRequest) =>
  withFilePart(req, 'file', CONFIG_IMPORT_MAX_BYTES, async (part) => {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge(CONFIG_IMPORT_MAX_BYTES);
    return bytes;
  });

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

  route(app, api.preview, { access: { right: RIGHT } }, async (req) => previewImport(deps, await uploadOf(req)));

  route(app, api.apply, { access: { right: RIGHT } }, async (req, reply) => {
    const parts = req.query.parts.split(',') as ConfigPart[];
    const result = await applyImport(deps, authOf(req), await uploadOf(req), parts);
    alert(
      reply,
      'vellumApp.configImport.applied',
      result.parts.reduce((n, p) => n + p.added.length + p.changed.length, 0),
    );
    return result;
  });
};

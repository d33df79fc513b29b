import { scheduledExportsApi as api } from '@vellum/contract';
import { type AccessRule, authOf, idIn, type UnitResolver, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { sendPage } from '../../platform/paging.js';
import { sendPrivateFile } from '../../platform/private-file.js';
import { route } from '../../platform/route.js';
import { openScheduledExport, runScheduledExportNow } from './scheduled-export-runs.js';
import {
  createScheduledExport,
  deleteScheduledExport,
  getScheduledExport,
  listScheduledExports,
  scheduledExportNotFound,
  unitOfScheduledExport,
  updateScheduledExport,
} from './scheduled-exports.service.js';

const RIGHT = 'SCHEDULED_EXPORT_MANAGE';

export const scheduledExportsRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  /** The unit of the stored schedule the path names; 404 error.scheduledExport.notFound when none. */
  const ofSchedule: UnitResolver = async (req) => {
    const unit = await unitOfScheduledExport(deps.db, idIn(req.params, 'id'));
    if (unit === undefined) throw scheduledExportNotFound();
    return unit;
  };
  const manage: AccessRule = { right: RIGHT, unit: ofSchedule };

  route(app, api.list, { access: { right: RIGHT, unit: unitFromQuery('business-unit') } }, async (req, reply) => {
    const { items, total } = await listScheduledExports(deps, req.query);
    return sendPage(reply, items, total);
  });
  route(app, api.get, { access: manage }, (req) => getScheduledExport(deps, req.params.id));
  route(app, api.create, { access: { right: RIGHT, unit: (req) => idIn(req.body, 'businessUnitId') } }, async (req, reply) => {
    const created = await createScheduledExport(deps, authOf(req), req.body);
    alert(reply, 'vellumApp.scheduledExport.created', created.productTypeName ?? 'documents').status(201);
    return created;
  });
  route(app, api.update, { access: manage }, async (req, reply) => {
    const updated = await updateScheduledExport(deps, authOf(req), req.params.id, req.body);
    alert(reply, 'vellumApp.scheduledExport.updated', updated.productTypeName ?? 'documents');
    return updated;
  });
  route(app, api.run, { access: manage }, async (req, reply) => {
    const queued = await runScheduledExportNow(deps, authOf(req), req.params.id);
    alert(reply, 'vellumApp.scheduledExport.runQueued').status(202);
    return queued;
  });
  route(app, api.delete, { access: manage }, async (req, reply) => {
    await deleteScheduledExport(deps, authOf(req), req.params.id);
    return alert(reply, 'vellumApp.scheduledExport.deleted').status(204).send();
  });

  // the link of a recipient's e-mail: the token names the export and the address, the signed-in user must have both
  route(app, api.download, { access: 'authenticated' }, async (req, reply) => {
    const { stream, fileName } = await openScheduledExport(deps, authOf(req), req.params.id, req.query.token);
    return sendPrivateFile(reply, stream, fileName);
  });
};

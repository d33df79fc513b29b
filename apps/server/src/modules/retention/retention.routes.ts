import { retentionApi as api, RetentionAlerts } from '@vellum/contract';
import { authOf, unitFromQuery } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { purgeUnit, retentionReport } from './retention.service.js';

/** The retention report is read with any document right of the unit; a purge by hand is a delete (DOCUMENT_DELETE). */
export const retentionRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const unit = unitFromQuery('business-unit');
  route(app, api.report, { access: { right: ['DOCUMENT_READ', 'DOCUMENT_MANAGE', 'DOCUMENT_DELETE'], unit } }, (req) =>
    retentionReport(deps, req.query),
  );
  route(app, api.purge, { access: { right: 'DOCUMENT_DELETE', unit } }, async (req, reply) => {
    const result = await purgeUnit(deps, authOf(req), req.query['business-unit']);
    alert(reply, RetentionAlerts.purged, result.versions);
    return result;
  });
};

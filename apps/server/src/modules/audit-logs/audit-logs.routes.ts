import { auditLogsApi as api } from '@vellum/contract';
import { authOf, unitFromQuery } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { verifyAuditChainAnchored } from './audit-anchor.js';
import { exportVisibleAuditLogs, listVisibleAuditLogs } from './audit-logs.service.js';

export const auditLogsRoutes: RoutesPlugin = async (app) => {
  route(app, api.list, { access: 'authenticated' }, (req) => listVisibleAuditLogs(app.deps, authOf(req), req.query));
  route(app, api.verify, { access: { right: 'AUDIT_LOG_ALL_READ', unit: unitFromQuery('business-unit') } }, () =>
    verifyAuditChainAnchored(app.deps),
  );
  route(app, api.export, { access: 'authenticated' }, (req, reply) => {
    const { businessUnitId, csv } = exportVisibleAuditLogs(app.deps, authOf(req), req.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${businessUnitId}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};

import { auditLogsApi as api } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { listVisibleAuditLogs } from './audit-logs.service.js';

export const auditLogsRoutes: RoutesPlugin = async (app) => {
  route(app, api.list, { access: 'authenticated' }, (req) => listVisibleAuditLogs(app.deps, authOf(req), req.query));
};

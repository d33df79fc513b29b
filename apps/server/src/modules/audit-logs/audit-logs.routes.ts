import { auditLogListQuery, auditLogPageSchema } from '@vellum/contract';
import { authOf } from '../../platform/access.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { listVisibleAuditLogs } from './audit-logs.service.js';

export const auditLogsRoutes: RoutesPlugin = async (app) => {
  typed(app).get(
    '/api/audit-logs',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['audit-log'],
        summary: 'A page of the audit log of a business unit (without business-unit: the global log), newest first',
        description:
          'AUDIT_LOG_ALL_READ in the unit reads every entry; AUDIT_LOG_PUBLISH_READ only the publish entries; otherwise 403. ' +
          'Filters: entityName and action (exact), login (partial), search (part of the login, entity name, entity id, entity label or action), from/to (ISO date or date-time; a date includes the whole day). ' +
          'Sort fields: at, id, login, entityName, entityId, action.',
        querystring: auditLogListQuery,
        response: { 200: auditLogPageSchema },
      },
    },
    (req) => listVisibleAuditLogs(app.deps, authOf(req), req.query),
  );
};

import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

export const auditLogScreens = defineScreens([
  {
    path: '/my-business-units/:businessUnitId/administration/audit-logs',
    rights: ['AUDIT_LOG_ALL_READ', 'AUDIT_LOG_PUBLISH_READ'],
    scope: 'business-unit',
    page: lazyPage(() => import('./AuditLogsPage'), 'AuditLogsPage'),
    menu: [{ menu: 'administration', id: 'audit-logs', labelKey: 'shell.menu.auditLogs', order: 10 }],
  },
]);

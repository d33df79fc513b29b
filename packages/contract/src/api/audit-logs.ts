import { AUDIT_LOG_COUNT_LIMIT, auditLogListQuery, auditLogPageSchema } from '../organisation.js';
import { defineRoute } from './define.js';

/** The audit log, global or of a business unit. */
export const auditLogsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/audit-logs',
    tags: ['audit-log'],
    summary: 'A page of the audit log of a business unit (without business-unit: the global log), newest first',
    description:
      'AUDIT_LOG_ALL_READ in the unit reads every entry; AUDIT_LOG_PUBLISH_READ only the publish entries; otherwise 403. ' +
      'Filters: entityName and action (exact), login (partial), search (part of the login, entity name, entity id, entity label or action), from/to (ISO date or date-time; a date includes the whole day). ' +
      'Sort fields: at, id, login, entityName, entityId, action. ' +
      `The total (pageable.totalElements) is counted up to ${AUDIT_LOG_COUNT_LIMIT + 1} entries: above ${AUDIT_LOG_COUNT_LIMIT} it means more than ${AUDIT_LOG_COUNT_LIMIT}.`,
    query: auditLogListQuery,
    response: { 200: auditLogPageSchema },
  }),
};

import { z } from 'zod';
import { auditChainVerificationSchema, auditChainVerifyQuery, auditLogExportQuery } from '../audit-chain.js';
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
  verify: defineRoute({
    method: 'GET',
    path: '/api/audit-logs/verify',
    tags: ['audit-log'],
    summary: "Recomputes the manufacturer's audit chain and names the first row that does not match",
    description:
      'Every audit row carries SHA-256(previous row hash || its canonical content) and its place in the chain, written by the database in the ' +
      'transaction of the change; this recomputes them all in order. Needs AUDIT_LOG_ALL_READ in the unit named by business-unit (the global scope without one).',
    query: auditChainVerifyQuery,
    response: { 200: auditChainVerificationSchema },
  }),
  /** A CSV attachment (a download, not JSON). */
  export: defineRoute({
    method: 'GET',
    path: '/api/audit-logs/export',
    tags: ['audit-log'],
    summary: 'The filtered audit log of a business unit (without business-unit: the global log) as CSV, oldest first',
    description:
      'The filters and rights of the list. Columns: Seq, Id, At (UTC), Login, User id, Business unit, Entity, Entity id, Entity label, Action, Category, Changes (JSON), Hash. ' +
      'RFC 4180 quoting, CRLF line ends, UTF-8; a cell a spreadsheet would run as a formula is prefixed with a quote mark.',
    query: auditLogExportQuery,
    produces: ['text/csv'],
    response: { 200: z.string().describe('text/csv') },
  }),
};

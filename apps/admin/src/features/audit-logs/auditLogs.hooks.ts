import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditLog, auditLogsApi } from '@vellum/contract';
import { call } from '../../api/call';

export type { AuditLog };

export interface AuditLogParams {
  /** Without a unit: the global log. */
  businessUnit?: number;
  page: number;
  size: number;
  sort?: string;
  entityName?: string;
  action?: string;
  login?: string;
  from?: string;
  to?: string;
}

export function useAuditLogs({ businessUnit, ...rest }: AuditLogParams) {
  return useQuery({
    queryKey: ['audit-logs', businessUnit ?? 'global', rest] as const,
    queryFn: async ({ signal }) =>
      (await call(auditLogsApi.list, { query: { 'business-unit': businessUnit, ...rest } }, { cacheBust: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

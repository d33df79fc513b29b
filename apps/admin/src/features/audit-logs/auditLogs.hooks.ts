import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLog, auditLogPageSchema } from '@vellum/contract';
import type { z } from 'zod';
import { api } from '../../api/client';

export type { AuditLog };
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

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
      (await api<AuditLogPage>('api/audit-logs', { query: { 'business-unit': businessUnit, ...rest }, cacheBust: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type AuditLog, auditLogsApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';

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

/** Recomputes the manufacturer's audit chain on the server (AUDIT_LOG_ALL_READ in the unit, or globally without one). */
export function useVerifyAuditChain(businessUnit?: number) {
  return useMutation({
    mutationFn: async () => (await call(auditLogsApi.verify, { query: { 'business-unit': businessUnit } }, { cacheBust: true })).data,
  });
}

export type AuditExportFilters = Omit<AuditLogParams, 'page' | 'size' | 'sort'>;

/** The filtered log as the server's CSV export (oldest first), handed to the browser as a file. */
export async function downloadAuditLogCsv({ businessUnit, ...filters }: AuditExportFilters): Promise<void> {
  // read as a file, not as the declared text
  const res = await api<Blob>(urlOf(auditLogsApi.export, { query: { 'business-unit': businessUnit, ...filters } }), {
    responseType: 'blob',
  });
  saveBlob(res.data, `audit-log-${businessUnit ?? 'global'}-${new Date().toISOString().slice(0, 10)}.csv`);
}

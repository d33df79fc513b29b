import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ScheduledExportCreateBody, type ScheduledExportUpdateBody, scheduledExportsApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';

export const scheduledExportKeys = {
  all: ['scheduled-exports'] as const,
  list: (p: ScheduledExportListParams) => ['scheduled-exports', 'list', p] as const,
  one: (id: number) => ['scheduled-exports', id] as const,
};

export interface ScheduledExportListParams {
  businessUnitId: number;
  page: number;
  size: number;
  sort?: string;
}

/** One page of a unit's scheduled exports (server paging and sorting; the total from x-total-count). */
export function useScheduledExports(params: ScheduledExportListParams) {
  return useQuery({
    queryKey: scheduledExportKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        scheduledExportsApi.list,
        { query: { 'business-unit': params.businessUnitId, page: params.page, size: params.size, sort: params.sort } },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(params.businessUnitId),
  });
}

export function useScheduledExport(id: number | undefined) {
  return useQuery({
    queryKey: scheduledExportKeys.one(id ?? -1),
    queryFn: async () => (await call(scheduledExportsApi.get, { params: { id: id ?? -1 } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSaveScheduledExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduledExportCreateBody | ScheduledExportUpdateBody) =>
      'version' in body ? call(scheduledExportsApi.update, { params: { id: body.id }, body }) : call(scheduledExportsApi.create, { body }),
    onSuccess: async (res) => {
      qc.setQueryData(scheduledExportKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: ['scheduled-exports', 'list'] });
    },
  });
}

export function useDeleteScheduledExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(scheduledExportsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: scheduledExportKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['scheduled-exports', 'list'] });
    },
  });
}

/** Makes a schedule's export now (its recipients mailed); the list shows its new last run. */
export function useRunScheduledExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(scheduledExportsApi.run, { params: { id } }),
    onSuccess: async (_res, id) => {
      await qc.invalidateQueries({ queryKey: scheduledExportKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['scheduled-exports', 'list'] });
    },
  });
}

/** Downloads a scheduled export's zip with the token of a recipient's e-mail, signed in (a plain link cannot send the bearer token). */
export async function downloadScheduledExport(id: number, token: string): Promise<void> {
  const res = await api<Blob>(urlOf(scheduledExportsApi.download, { params: { id }, query: { token } }), { responseType: 'blob' });
  saveBlob(res.data, `scheduled-export-${id}.zip`);
}

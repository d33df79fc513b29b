import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type businessUnitCreateBody, businessUnitsApi, type businessUnitUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export const businessUnitKeys = {
  all: ['business-units'] as const,
  one: (id: number) => ['business-units', id] as const,
  statistics: (id: number) => ['business-units', id, 'statistics'] as const,
};

export type { BusinessUnitStatistics } from '@vellum/contract';

export function useBusinessUnits(enabled = true) {
  return useQuery({
    queryKey: businessUnitKeys.all,
    queryFn: async () => (await call(businessUnitsApi.list, {}, { cacheBust: true })).data,
    enabled,
  });
}

export function useBusinessUnit(id: number | undefined) {
  return useQuery({
    queryKey: businessUnitKeys.one(id ?? -1),
    queryFn: async () => (await call(businessUnitsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useBusinessUnitStatistics(id: number) {
  return useQuery({
    queryKey: businessUnitKeys.statistics(id),
    queryFn: async () => (await call(businessUnitsApi.statistics, { params: { id } }, { cacheBust: true })).data,
    enabled: Number.isInteger(id),
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

type BusinessUnitCreateBody = z.input<typeof businessUnitCreateBody>;
export type BusinessUnitBody = BusinessUnitCreateBody | z.input<typeof businessUnitUpdateBody>;

export function useSaveBusinessUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessUnitBody) =>
      'id' in body && body.id
        ? call(businessUnitsApi.update, { body })
        : call(businessUnitsApi.create, { body: body as BusinessUnitCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(businessUnitKeys.one(res.data.id), res.data);
      // the list, the shell's switcher and names, the statistics
      await qc.invalidateQueries({ queryKey: businessUnitKeys.all });
      // a new unit can change the creator's rights (groups on all business units)
      await qc.invalidateQueries({ queryKey: ['authorization'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && body.id) void qc.invalidateQueries({ queryKey: businessUnitKeys.one(body.id) });
    },
  });
}

export function useUploadBusinessUnitLogo(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('logo', file);
      return call(businessUnitsApi.uploadLogo, { params: { id } }, { rawBody: data });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: businessUnitKeys.all });
    },
  });
}

export function useDeleteBusinessUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(businessUnitsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: businessUnitKeys.one(id) });
      await qc.invalidateQueries({ queryKey: businessUnitKeys.all });
      await qc.invalidateQueries({ queryKey: ['user-groups'] });
    },
  });
}

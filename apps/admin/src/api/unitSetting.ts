import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';

/**
 * One versioned record of a business unit read and written whole at `path?business-unit=`
 * (the document attribute list, the document search access): GET reads it, PUT saves it and its
 * answer becomes what is shown; a 409 reloads it so the editor sees the other user's version.
 */
export function useUnitSetting<T>(key: QueryKey, path: string, businessUnitId: number) {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api<T>(path, { query: { 'business-unit': businessUnitId }, cacheBust: true, signal })).data,
    enabled: Number.isInteger(businessUnitId),
    meta: { silentError: true },
  });
}

export function useSaveUnitSetting<T, B>(key: QueryKey, path: string, businessUnitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<T>(path, { method: 'PUT', query: { 'business-unit': businessUnitId }, body }),
    onSuccess: (res) => qc.setQueryData(key, res.data),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: key });
    },
  });
}

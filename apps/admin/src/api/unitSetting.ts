import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBodyInput, RouteDecl } from '@vellum/contract';
import { urlOf } from './call';
import { ApiError, api } from './client';

/**
 * One versioned record of a business unit read and written whole with `?business-unit=` (the
 * document attribute list, the document search access): the read route's answer is what is
 * shown, the save route's body what is sent and its answer becomes what is shown; a 409 reloads
 * it so the editor sees the other user's version. Path, method and types come from the routes'
 * declarations (decision 0054).
 */
export function useUnitSetting<R extends RouteDecl>(key: QueryKey, read: R, businessUnitId: number) {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api<RouteAnswer<R>>(urlOf(read), { method: read.method, query: { 'business-unit': businessUnitId }, cacheBust: true, signal }))
        .data,
    enabled: Number.isInteger(businessUnitId),
    meta: { silentError: true },
  });
}

export function useSaveUnitSetting<W extends RouteDecl>(key: QueryKey, save: W, businessUnitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBodyInput<W>) =>
      api<RouteAnswer<W>>(urlOf(save), { method: save.method, query: { 'business-unit': businessUnitId }, body }),
    onSuccess: (res) => qc.setQueryData(key, res.data),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: key });
    },
  });
}

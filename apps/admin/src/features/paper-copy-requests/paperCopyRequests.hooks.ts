import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaperCopyRequest, paperCopyRequestsApi } from '@vellum/contract';
import { call } from '../../api/call';

export type PaperCopyFilter = 'open' | 'overdue' | 'sent';

export interface PaperCopyListParams {
  businessUnitId: number;
  page: number;
  size: number;
  sort?: string;
  state?: PaperCopyFilter;
}

export const paperCopyKeys = {
  all: ['paper-copy-requests'] as const,
  list: (p: PaperCopyListParams) => ['paper-copy-requests', 'list', p] as const,
};

/** One page of a unit's paper-copy requests (server paging, sorting and state filter). */
export function usePaperCopyRequests(params: PaperCopyListParams) {
  return useQuery({
    queryKey: paperCopyKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        paperCopyRequestsApi.list,
        { query: { 'business-unit': params.businessUnitId, state: params.state, page: params.page, size: params.size, sort: params.sort } },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(params.businessUnitId),
  });
}

/** Marks a request sent (by the signed-in user, now); the lists reload either way (a 409 means someone else did). */
export function useMarkPaperCopySent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: Pick<PaperCopyRequest, 'id' | 'version'>) =>
      call(paperCopyRequestsApi.markSent, { params: { id: r.id }, body: { version: r.version } }),
    onSettled: () => qc.invalidateQueries({ queryKey: paperCopyKeys.all }),
  });
}

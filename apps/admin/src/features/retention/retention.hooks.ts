import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionApi } from '@vellum/contract';
import { call } from '../../api/call';

export interface RetentionReportParams {
  businessUnitId: number;
  page: number;
  size: number;
  purgeable: boolean;
}

const retentionKeys = {
  all: ['retention'] as const,
  report: (p: RetentionReportParams) => ['retention', 'report', p] as const,
};

/** One page of what the unit keeps of what was public, with the unit's counts. */
export function useRetentionReport(params: RetentionReportParams) {
  return useQuery({
    queryKey: retentionKeys.report(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        retentionApi.report,
        {
          query: {
            'business-unit': params.businessUnitId,
            page: params.page,
            size: params.size,
            purgeable: params.purgeable ? 'true' : undefined,
          },
        },
        { cacheBust: true, signal },
      );
      return res.data;
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(params.businessUnitId),
  });
}

/** Removes now what is past retention in the unit. */
export function usePurge(businessUnitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(retentionApi.purge, { query: { 'business-unit': businessUnitId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: retentionKeys.all }),
  });
}

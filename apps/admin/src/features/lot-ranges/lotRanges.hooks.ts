import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type lotRangeReviewSchema, lotRangesApi, productsApi } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';

export type LotRangeReview = z.infer<typeof lotRangeReviewSchema>;

export const lotRangeKeys = {
  archived: (businessUnitId: number) => ['products', 'review-lot-ranges', businessUnitId, 'archived'] as const,
};

/** The archived lot ranges of a business unit (GET api/products/review-lot-ranges?archived=true). */
export function useArchivedLotRanges(businessUnitId: number) {
  return useQuery({
    queryKey: lotRangeKeys.archived(businessUnitId),
    queryFn: async ({ signal }) =>
      (
        await call(
          productsApi.reviewLotRanges,
          { query: { 'business-unit': businessUnitId, archived: 'true' } },
          { cacheBust: true, signal },
        )
      ).data,
    enabled: Number.isInteger(businessUnitId),
  });
}

/** Restores a lot range (archive date cleared) or archives it at a date. */
export function useArchiveLotRange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archiveDate, version }: { id: number; archiveDate: string | null; version: number }) =>
      call(lotRangesApi.archive, { params: { id }, body: { archiveDate, version } }),
    onSuccess: async () => {
      // products show their lot ranges
      await qc.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductRemarkCreateBody, productRemarksApi, type productRemarkUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export type ProductRemarkBody = ProductRemarkCreateBody | z.input<typeof productRemarkUpdateBody>;

export const productRemarkKeys = {
  all: ['product-remarks'] as const,
  list: (businessUnitId: number) => ['product-remarks', 'list', businessUnitId] as const,
  one: (id: number) => ['product-remarks', id] as const,
};

/** The remarks of a business unit (the whole list). */
export function useProductRemarks(businessUnitId: number, enabled = true) {
  return useQuery({
    queryKey: productRemarkKeys.list(businessUnitId),
    queryFn: async ({ signal }) =>
      (await call(productRemarksApi.list, { query: { 'business-unit': businessUnitId } }, { cacheBust: true, signal })).data,
    enabled: enabled && Number.isInteger(businessUnitId),
  });
}

export function useProductRemark(id: number | undefined) {
  return useQuery({
    queryKey: productRemarkKeys.one(id ?? -1),
    queryFn: async () => (await call(productRemarksApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSaveProductRemark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductRemarkBody) =>
      'id' in body && body.id
        ? call(productRemarksApi.update, { body })
        : call(productRemarksApi.create, { body: body as ProductRemarkCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(productRemarkKeys.one(res.data.id), res.data);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['product-remarks', 'list'] }),
        qc.invalidateQueries({ queryKey: ['product-groups'] }),
      ]);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id)
        void qc.invalidateQueries({ queryKey: productRemarkKeys.one(body.id) });
    },
  });
}

export function useDeleteProductRemark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(productRemarksApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: productRemarkKeys.one(id) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['product-remarks', 'list'] }),
        qc.invalidateQueries({ queryKey: ['product-groups'] }),
      ]);
    },
  });
}

/** POST api/product-remarks/{id}/rtf: stores an HTML or text file as the remark's content. */
export function useImportRemarkFile(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file);
      return call(productRemarksApi.uploadRtf, { params: { id } }, { rawBody: data });
    },
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: productRemarkKeys.one(id) }),
        qc.invalidateQueries({ queryKey: ['product-remarks', 'list'] }),
      ]);
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DeleteType, type ProductGroupCreateBody, type ProductGroupUpdateBody, productGroupsApi } from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

/** The groups of one product type, or (businessUnitId alone) of every type of a business unit. */
export interface ProductGroupListParams {
  productTypeId?: number;
  businessUnitId?: number;
  page: number;
  size: number;
  sort?: string;
  search?: string;
  orphansOnly?: boolean;
}

export const productGroupKeys = {
  all: ['product-groups'] as const,
  list: (p: ProductGroupListParams) => ['product-groups', 'list', p] as const,
  options: (productTypeId: number) => ['product-groups', 'options', productTypeId] as const,
  one: (id: number) => ['product-groups', id] as const,
};

export function useProductGroups(params: ProductGroupListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: productGroupKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        productGroupsApi.list,
        {
          query: {
            'product-type': params.productTypeId,
            'business-unit': params.businessUnitId,
            'orphans-only': params.orphansOnly ? 'true' : undefined,
            search: params.search,
            page: params.page,
            size: params.size,
            sort: params.sort,
          },
        },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every group of a product type, by name (for choosing a product's groups). */
export function useProductGroupOptions(productTypeId: number, enabled = true) {
  return useQuery({
    queryKey: productGroupKeys.options(productTypeId),
    queryFn: async () =>
      (
        await call(
          productGroupsApi.list,
          { query: { 'product-type': productTypeId, page: 0, size: 2000, sort: 'name,asc' } },
          { cacheBust: true },
        )
      ).data,
    enabled,
  });
}

export function useProductGroup(id: number | undefined) {
  return useQuery({
    queryKey: productGroupKeys.one(id ?? -1),
    queryFn: async () => (await call(productGroupsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export type ProductGroupBody = ProductGroupCreateBody | ProductGroupUpdateBody;

/** Products show their groups and remarks their groups; the unit counts orphans. */
async function invalidateAround(qc: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['product-groups', 'list'] }),
    qc.invalidateQueries({ queryKey: ['product-groups', 'options'] }),
    qc.invalidateQueries({ queryKey: ['products'] }),
    qc.invalidateQueries({ queryKey: ['product-remarks'] }),
    qc.invalidateQueries({ queryKey: ['business-units'] }),
  ]);
}

export function useSaveProductGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductGroupBody) =>
      'id' in body && body.id
        ? call(productGroupsApi.update, { body })
        : call(productGroupsApi.create, { body: body as ProductGroupCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(productGroupKeys.one(res.data.id), res.data);
      await invalidateAround(qc);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id)
        void qc.invalidateQueries({ queryKey: productGroupKeys.one(body.id) });
    },
  });
}

export function useDeleteProductGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteType }: { id: number; deleteType: DeleteType }) =>
      call(productGroupsApi.delete, { params: { id }, query: { 'delete-type': deleteType } }),
    onSuccess: async (_res, { id }) => {
      qc.removeQueries({ queryKey: productGroupKeys.one(id) });
      await invalidateAround(qc);
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductCreateBody, type ProductSearchBody, type ProductUpdateBody, productsApi, productTypesApi } from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

/** Where a product search looks: one product type, every type of a unit, or (neither) every unit. */
export interface ProductSearchScope {
  productTypeId?: number;
  businessUnitId?: number;
}

export interface ProductSearchParams extends ProductSearchScope {
  page: number;
  size: number;
  sort?: string;
}

export const productKeys = {
  all: ['products'] as const,
  search: (params: ProductSearchParams, body: ProductSearchBody) => ['products', 'search', params, body] as const,
  one: (id: number) => ['products', id] as const,
  lotRanges: ['products', 'review-lot-ranges'] as const,
};

/** The product type with its attribute definitions (columns, filters and form fields of its products). */
export const productTypeDetailsKey = (id: number) => ['product-types', 'details', id] as const;

export function useProductTypeDetails(id: number | undefined) {
  return useQuery({
    queryKey: productTypeDetailsKey(id ?? -1),
    queryFn: async () => (await call(productTypesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

/** POST api/products/search: one page of products matching the body's filters. */
export async function searchProducts(params: ProductSearchParams, body: ProductSearchBody, signal?: AbortSignal) {
  const res = await call(
    productsApi.search,
    {
      query: {
        'product-type': params.productTypeId,
        'business-unit': params.businessUnitId,
        page: params.page,
        size: params.size,
        sort: params.sort,
      },
      body,
    },
    { signal },
  );
  return { rows: res.data.items, total: res.data.pageable.totalElements };
}

export function useProductSearch(params: ProductSearchParams, body: ProductSearchBody, enabled = true) {
  return useQuery({
    queryKey: productKeys.search(params, body),
    queryFn: ({ signal }) => searchProducts(params, body, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.one(id ?? -1),
    queryFn: async () => (await call(productsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export type ProductBody = ProductCreateBody | ProductUpdateBody;

/** What else shows products: groups count and list them, the type counts them, lot ranges link them. */
async function invalidateAround(qc: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['products', 'search'] }),
    qc.invalidateQueries({ queryKey: productKeys.lotRanges }),
    qc.invalidateQueries({ queryKey: ['product-groups'] }),
    qc.invalidateQueries({ queryKey: ['business-units'] }),
  ]);
}

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) =>
      'id' in body && body.id ? call(productsApi.update, { body }) : call(productsApi.create, { body: body as ProductCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(productKeys.one(res.data.id), res.data);
      await invalidateAround(qc);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id)
        void qc.invalidateQueries({ queryKey: productKeys.one(body.id) });
    },
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(productsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: productKeys.one(id) });
      await invalidateAround(qc);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductTypeCreateBody, type ProductTypeUpdateBody, productTypesApi } from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useFeatureSwitchesQuery } from '../../platform/queries';

export const productTypeKeys = {
  all: ['product-types'] as const,
  list: (businessUnitId: number) => ['product-types', 'list', businessUnitId] as const,
  one: (id: number) => ['product-types', id] as const,
  definitions: (id: number) => ['product-types', id, 'attribute-definitions'] as const,
};

export type ProductTypeBody = ProductTypeCreateBody | ProductTypeUpdateBody;

/** The three images of a product type: the reference image and the hero image per audience. */
export type ProductTypeImageKind = 'image' | 'heroHcp' | 'heroPatient';

/** The hero image's audience as its routes' query says it. */
const heroQuery = (kind: ProductTypeImageKind) => ({ patient: kind === 'heroPatient' ? ('true' as const) : ('false' as const) });

/** Lists come as an array (x-total-count); a paged shape is accepted too. */
const asList = <T>(data: T[] | { items: T[] } | undefined): T[] => (Array.isArray(data) ? data : (data?.items ?? []));

/** The product types of a business unit (0: the global product types). */
export function useProductTypes(businessUnitId: number, enabled = true) {
  return useQuery({
    queryKey: productTypeKeys.list(businessUnitId),
    queryFn: async () =>
      asList((await call(productTypesApi.list, { query: { 'business-unit': businessUnitId } }, { cacheBust: true })).data),
    enabled: enabled && Number.isInteger(businessUnitId),
  });
}

export function useProductType(id: number | undefined) {
  return useQuery({
    queryKey: productTypeKeys.one(id ?? -1),
    queryFn: async () => (await call(productTypesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useSaveProductType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductTypeBody) =>
      body.id ? call(productTypesApi.update, { body }) : call(productTypesApi.create, { body: body as ProductTypeCreateBody }),
    onSuccess: async (res) => {
      const id = res.data?.id;
      if (id) qc.setQueryData(productTypeKeys.one(id), res.data);
      // lists, names in the breadcrumb, attribute definitions; the saved type is fresh already
      await qc.invalidateQueries({
        queryKey: productTypeKeys.all,
        predicate: (q) => !(q.queryKey.length === 2 && q.queryKey[1] === id),
      });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && body.id) void qc.invalidateQueries({ queryKey: productTypeKeys.one(body.id) });
    },
  });
}

export function useDeleteProductType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(productTypesApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: productTypeKeys.one(id) });
      await qc.invalidateQueries({ queryKey: productTypeKeys.all });
    },
  });
}

/** Copies a global product type (with its attribute definitions) into a business unit. */
export function useCopyProductType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, businessUnitId }: { id: number; businessUnitId: number }) =>
      call(productTypesApi.copy, { params: { id }, body: { businessUnitId } }),
    onSuccess: async (res, { businessUnitId }) => {
      if (res.data?.id) qc.setQueryData(productTypeKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: productTypeKeys.list(businessUnitId) });
    },
  });
}

export function useDeleteAttributeDefinition(productTypeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(productTypesApi.deleteAttributeDefinition, { params: { id } }),
    onSuccess: async () => {
      // the type's version and its definition list change
      await qc.invalidateQueries({ queryKey: productTypeKeys.one(productTypeId) });
      await qc.invalidateQueries({ queryKey: productTypeKeys.all });
    },
  });
}

export function useUploadProductTypeImage(id: number, kind: ProductTypeImageKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('image', file);
      return kind === 'image'
        ? call(productTypesApi.uploadImage, { params: { id } }, { rawBody: data })
        : call(productTypesApi.uploadHeroImage, { params: { id }, query: heroQuery(kind) }, { rawBody: data });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: productTypeKeys.one(id) });
      await qc.invalidateQueries({ queryKey: productTypeKeys.all });
    },
  });
}

export function useDeleteProductTypeImage(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kind: ProductTypeImageKind) =>
      kind === 'image'
        ? call(productTypesApi.deleteImage, { params: { id } })
        : call(productTypesApi.deleteHeroImage, { params: { id }, query: heroQuery(kind) }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: productTypeKeys.one(id) });
      await qc.invalidateQueries({ queryKey: productTypeKeys.all });
    },
  });
}

/** Whether the patient portal (manufacturer setting patientBusinessUnitSearch) is on; undefined while loading. */
export function usePatientPortal(): boolean | undefined {
  return useFeatureSwitchesQuery().data?.patientBusinessUnitSearch;
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DocumentTypeCreateBody, type DocumentTypeUpdateBody, documentTypesApi } from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useSaveUnitSetting, useUnitSetting } from '../../api/unitSetting';

export interface DocumentTypeListParams {
  businessUnitId: number;
  page: number;
  size: number;
  sort?: string;
  search?: string;
}

export const documentTypeKeys = {
  all: ['document-types'] as const,
  list: (p: DocumentTypeListParams) => ['document-types', 'list', p] as const,
  one: (id: number) => ['document-types', id] as const,
  attributes: (businessUnitId: number) => ['document-attribute-definitions', businessUnitId] as const,
};

/** One page of a unit's document types (server paging, sorting and search). */
export function useDocumentTypes(params: DocumentTypeListParams) {
  return useQuery({
    queryKey: documentTypeKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        documentTypesApi.list,
        {
          query: {
            'business-unit': params.businessUnitId,
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
    enabled: Number.isInteger(params.businessUnitId),
  });
}

export function useDocumentType(id: number | undefined) {
  return useQuery({
    queryKey: documentTypeKeys.one(id ?? -1),
    queryFn: async () => (await call(documentTypesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSaveDocumentType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentTypeCreateBody | DocumentTypeUpdateBody) =>
      'id' in body && body.id
        ? call(documentTypesApi.update, { body })
        : call(documentTypesApi.create, { body: body as DocumentTypeCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(documentTypeKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: ['document-types', 'list'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id) {
        void qc.invalidateQueries({ queryKey: documentTypeKeys.one(body.id) });
      }
    },
  });
}

export function useDeleteDocumentType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(documentTypesApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: documentTypeKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['document-types', 'list'] });
    },
  });
}

/** The unit's document attribute definitions and the list's version. */
export const useDocumentAttributes = (businessUnitId: number) =>
  useUnitSetting(documentTypeKeys.attributes(businessUnitId), documentTypesApi.attributeDefinitions, businessUnitId);

/** Saves the unit's whole list; the answer becomes the list shown. */
export const useSaveDocumentAttributes = (businessUnitId: number) =>
  useSaveUnitSetting(documentTypeKeys.attributes(businessUnitId), documentTypesApi.saveAttributeDefinitions, businessUnitId);

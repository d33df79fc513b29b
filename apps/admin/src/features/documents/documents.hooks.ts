import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DocumentCreateBody, type DocumentSearchBody, type DocumentUpdateBody, documentsApi } from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export interface DocumentSearchParams {
  businessUnitId: number;
  page: number;
  size: number;
  sort?: string;
  includeCollections?: boolean;
}

export const documentKeys = {
  all: ['documents'] as const,
  search: (params: DocumentSearchParams, body: DocumentSearchBody) => ['documents', 'search', params, body] as const,
  one: (id: number) => ['documents', id] as const,
};

/** POST api/documents/search: one page of a unit's documents matching the body's filters. */
export function useDocumentSearch(params: DocumentSearchParams, body: DocumentSearchBody, enabled = true) {
  return useQuery({
    queryKey: documentKeys.search(params, body),
    queryFn: async ({ signal }) => {
      const res = await call(
        documentsApi.search,
        {
          query: {
            'business-unit': params.businessUnitId,
            page: params.page,
            size: params.size,
            sort: params.sort,
            'include-collections': params.includeCollections ? 'true' : undefined,
          },
          body,
        },
        { signal },
      );
      return { rows: res.data.items, total: res.data.pageable.totalElements };
    },
    placeholderData: keepPreviousData,
    enabled: enabled && Number.isInteger(params.businessUnitId),
  });
}

export function useDocument(id: number | undefined) {
  return useQuery({
    queryKey: documentKeys.one(id ?? -1),
    queryFn: async () => (await call(documentsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
    meta: { silentError: true },
  });
}

export function useSaveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateBody | DocumentUpdateBody) =>
      'id' in body && body.id ? call(documentsApi.update, { body }) : call(documentsApi.create, { body: body as DocumentCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(documentKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: ['documents', 'search'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id) {
        void qc.invalidateQueries({ queryKey: documentKeys.one(body.id) });
      }
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(documentsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: documentKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['documents', 'search'] });
    },
  });
}

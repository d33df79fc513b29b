import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Document, DocumentCreateBody, DocumentSearchBody, DocumentSearchPage, DocumentUpdateBody } from '@vellum/contract';
import { ApiError, api } from '../../api/client';

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
      const res = await api<DocumentSearchPage>('api/documents/search', {
        method: 'POST',
        query: {
          'business-unit': params.businessUnitId,
          page: params.page,
          size: params.size,
          sort: params.sort,
          'include-collections': params.includeCollections ? 'true' : undefined,
        },
        body,
        signal,
      });
      return { rows: res.data.items, total: res.data.pageable.totalElements };
    },
    placeholderData: keepPreviousData,
    enabled: enabled && Number.isInteger(params.businessUnitId),
  });
}

export function useDocument(id: number | undefined) {
  return useQuery({
    queryKey: documentKeys.one(id ?? -1),
    queryFn: async () => (await api<Document>(`api/documents/${id}`)).data,
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
    meta: { silentError: true },
  });
}

export function useSaveDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateBody | DocumentUpdateBody) =>
      api<Document>('api/documents', { method: 'id' in body && body.id ? 'PUT' : 'POST', body }),
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
    mutationFn: (id: number) => api<void>(`api/documents/${id}`, { method: 'DELETE' }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: documentKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['documents', 'search'] });
    },
  });
}

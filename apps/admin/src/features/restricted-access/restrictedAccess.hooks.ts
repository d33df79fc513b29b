import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentSearchAccessApi,
  documentsApi,
  type PublicUserGroupCreateBody,
  type PublicUserGroupUpdateBody,
  publicUserGroupsApi,
} from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useSaveUnitSetting, useUnitSetting } from '../../api/unitSetting';

export interface GroupListParams {
  businessUnitId: number;
  page: number;
  size: number;
  sort?: string;
  search?: string;
}

export const restrictedAccessKeys = {
  groups: ['public-user-groups'] as const,
  list: (p: GroupListParams) => ['public-user-groups', 'list', p] as const,
  ofDocument: (businessUnitId: number, documentId: number) => ['public-user-groups', 'document', businessUnitId, documentId] as const,
  one: (id: number) => ['public-user-groups', id] as const,
  searchAccess: (businessUnitId: number) => ['document-search-access', businessUnitId] as const,
  documents: (businessUnitId: number, text: string) => ['documents', 'search', businessUnitId, text] as const,
};

/** One page of a unit's restricted user groups (server paging, sorting and search). */
export function usePublicUserGroups(params: GroupListParams) {
  return useQuery({
    queryKey: restrictedAccessKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        publicUserGroupsApi.list,
        {
          query: { 'business-unit': params.businessUnitId, search: params.search, page: params.page, size: params.size, sort: params.sort },
        },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(params.businessUnitId),
  });
}

/** The groups a document is restricted to. */
export function useDocumentGroups(businessUnitId: number, documentId: number) {
  return useQuery({
    queryKey: restrictedAccessKeys.ofDocument(businessUnitId, documentId),
    queryFn: async ({ signal }) =>
      (
        await call(
          publicUserGroupsApi.list,
          { query: { 'business-unit': businessUnitId, document: documentId, sort: 'name,asc' } },
          { cacheBust: true, signal },
        )
      ).data,
    enabled: Number.isInteger(businessUnitId) && Number.isInteger(documentId),
    meta: { silentError: true },
  });
}

/** Every group of the unit (to add a document to one), at most 2000. */
export function useAllGroups(businessUnitId: number, enabled: boolean) {
  return useQuery({
    queryKey: restrictedAccessKeys.list({ businessUnitId, page: 0, size: 2000, sort: 'name,asc' }),
    queryFn: async ({ signal }) => {
      const res = await call(
        publicUserGroupsApi.list,
        { query: { 'business-unit': businessUnitId, page: 0, size: 2000, sort: 'name,asc' } },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    enabled: enabled && Number.isInteger(businessUnitId),
  });
}

export function usePublicUserGroup(id: number | undefined) {
  return useQuery({
    queryKey: restrictedAccessKeys.one(id ?? -1),
    queryFn: async () => (await call(publicUserGroupsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSavePublicUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicUserGroupCreateBody | PublicUserGroupUpdateBody) =>
      'id' in body && body.id
        ? call(publicUserGroupsApi.update, { body })
        : call(publicUserGroupsApi.create, { body: body as PublicUserGroupCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(restrictedAccessKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: restrictedAccessKeys.groups, predicate: (q) => q.queryKey[1] !== res.data.id });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id) {
        void qc.invalidateQueries({ queryKey: restrictedAccessKeys.groups });
      }
    },
  });
}

export function useDeletePublicUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, unlinkDocuments }: { id: number; unlinkDocuments: boolean }) =>
      call(publicUserGroupsApi.delete, { params: { id }, query: { 'unlink-documents': unlinkDocuments ? 'true' : 'false' } }),
    onSuccess: async (_res, { id }) => {
      qc.removeQueries({ queryKey: restrictedAccessKeys.one(id) });
      await qc.invalidateQueries({ queryKey: restrictedAccessKeys.groups });
    },
  });
}

/** The unit's documents whose number or name matches `text` (the documents search, first page). */
export function useDocumentSearch(businessUnitId: number, text: string, enabled = true) {
  return useQuery({
    queryKey: restrictedAccessKeys.documents(businessUnitId, text),
    queryFn: async ({ signal }) =>
      (
        await call(
          documentsApi.search,
          {
            query: { 'business-unit': businessUnitId, page: 0, size: 20, sort: 'number,asc' },
            // no search text: the first documents by number (an empty text is refused, 400)
            body: text ? { text } : {},
          },
          { signal },
        )
      ).data.items.map((d) => ({ id: d.id, number: d.number, name: d.name })),
    enabled: enabled && Number.isInteger(businessUnitId),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

export const useDocumentSearchAccess = (businessUnitId: number) =>
  useUnitSetting(restrictedAccessKeys.searchAccess(businessUnitId), documentSearchAccessApi.get, businessUnitId);

export const useSaveDocumentSearchAccess = (businessUnitId: number) =>
  useSaveUnitSetting(restrictedAccessKeys.searchAccess(businessUnitId), documentSearchAccessApi.save, businessUnitId);

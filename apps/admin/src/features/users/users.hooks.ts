import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, userCreateBody, userUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { ApiError, api } from '../../api/client';

export interface UserListParams {
  page: number;
  size: number;
  sort?: string;
  search?: string;
}

export const userKeys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
  options: ['users', 'options'] as const,
  one: (id: number) => ['users', id] as const,
};

export type UserBody = z.input<typeof userCreateBody> | z.input<typeof userUpdateBody>;

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await api<User[]>('api/users', { query: { ...params }, cacheBust: true, signal });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every user (for choosing group members): the largest page the server gives. */
export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: userKeys.options,
    queryFn: async () => (await api<User[]>('api/users', { query: { page: 0, size: 2000, sort: 'login,asc' }, cacheBust: true })).data,
    enabled,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? 0),
    queryFn: async () => (await api<User>(`api/users/${id}`)).data,
    enabled: id !== undefined,
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) => api<User>('api/users', { method: body.id ? 'PUT' : 'POST', body }),
    onSuccess: async (res) => {
      qc.setQueryData(userKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: ['users', 'list'] });
      await qc.invalidateQueries({ queryKey: userKeys.options });
      // groups list their members
      await qc.invalidateQueries({ queryKey: ['user-groups'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && body.id) void qc.invalidateQueries({ queryKey: userKeys.one(body.id) });
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`api/users/${id}`, { method: 'DELETE' }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: userKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['users', 'list'] });
      await qc.invalidateQueries({ queryKey: userKeys.options });
      await qc.invalidateQueries({ queryKey: ['user-groups'] });
    },
  });
}

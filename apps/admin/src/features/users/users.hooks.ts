import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type userCreateBody, usersApi, type userUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

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

type UserUpdateBody = z.input<typeof userUpdateBody>;
export type UserBody = z.input<typeof userCreateBody> | UserUpdateBody;
/** A body with an id updates its user; one without creates a user. */
const isUpdate = (body: UserBody): body is UserUpdateBody => !!body.id;

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(usersApi.list, { query: { ...params } }, { cacheBust: true, signal });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every user (for choosing group members): the largest page the server gives. */
export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: userKeys.options,
    queryFn: async () => (await call(usersApi.list, { query: { page: 0, size: 2000, sort: 'login,asc' } }, { cacheBust: true })).data,
    enabled,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? 0),
    queryFn: async () => (await call(usersApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined,
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBody) => (isUpdate(body) ? call(usersApi.update, { body }) : call(usersApi.create, { body })),
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
    mutationFn: (id: number) => call(usersApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: userKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['users', 'list'] });
      await qc.invalidateQueries({ queryKey: userKeys.options });
      await qc.invalidateQueries({ queryKey: ['user-groups'] });
    },
  });
}

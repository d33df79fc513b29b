import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserGroup, userGroupCreateBody, userGroupUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { ApiError, api } from '../../api/client';

export const userGroupKeys = {
  all: ['user-groups'] as const,
  one: (id: number) => ['user-groups', id] as const,
};

export type UserGroupBody = z.input<typeof userGroupCreateBody> | z.input<typeof userGroupUpdateBody>;

export function useUserGroups(enabled = true) {
  return useQuery({
    queryKey: userGroupKeys.all,
    queryFn: async () => (await api<UserGroup[]>('api/user-groups', { cacheBust: true })).data,
    enabled,
  });
}

export function useUserGroup(id: number | undefined) {
  return useQuery({
    queryKey: userGroupKeys.one(id ?? 0),
    queryFn: async () => (await api<UserGroup>(`api/user-groups/${id}`)).data,
    enabled: id !== undefined,
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useSaveUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupBody) => api<UserGroup>('api/user-groups', { method: body.id ? 'PUT' : 'POST', body }),
    onSuccess: async (res) => {
      qc.setQueryData(userGroupKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: userGroupKeys.all, exact: true });
      // roles list their groups, users list theirs, and the signed-in user's rights may have changed
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['roles'] }),
        qc.invalidateQueries({ queryKey: ['users'] }),
        qc.invalidateQueries({ queryKey: ['authorization'] }),
      ]);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && body.id) void qc.invalidateQueries({ queryKey: userGroupKeys.one(body.id) });
    },
  });
}

export function useDeleteUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`api/user-groups/${id}`, { method: 'DELETE' }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: userGroupKeys.one(id) });
      await qc.invalidateQueries({ queryKey: userGroupKeys.all, exact: true });
      await Promise.all([qc.invalidateQueries({ queryKey: ['roles'] }), qc.invalidateQueries({ queryKey: ['users'] })]);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type userGroupCreateBody, userGroupsApi, type userGroupUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export const userGroupKeys = {
  all: ['user-groups'] as const,
  one: (id: number) => ['user-groups', id] as const,
};

type UserGroupUpdateBody = z.input<typeof userGroupUpdateBody>;
export type UserGroupBody = z.input<typeof userGroupCreateBody> | UserGroupUpdateBody;
/** A body with an id updates its group; one without creates a group. */
const isUpdate = (body: UserGroupBody): body is UserGroupUpdateBody => !!body.id;

export function useUserGroups(enabled = true) {
  return useQuery({
    queryKey: userGroupKeys.all,
    queryFn: async () => (await call(userGroupsApi.list, {}, { cacheBust: true })).data,
    enabled,
  });
}

export function useUserGroup(id: number | undefined) {
  return useQuery({
    queryKey: userGroupKeys.one(id ?? 0),
    queryFn: async () => (await call(userGroupsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined,
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useSaveUserGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupBody) => (isUpdate(body) ? call(userGroupsApi.update, { body }) : call(userGroupsApi.create, { body })),
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
    mutationFn: (id: number) => call(userGroupsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: userGroupKeys.one(id) });
      await qc.invalidateQueries({ queryKey: userGroupKeys.all, exact: true });
      await Promise.all([qc.invalidateQueries({ queryKey: ['roles'] }), qc.invalidateQueries({ queryKey: ['users'] })]);
    },
  });
}

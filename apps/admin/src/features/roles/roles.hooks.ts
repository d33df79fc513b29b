import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessRightsApi, type roleCreateBody, rolesApi, type roleUpdateBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export const roleKeys = {
  all: ['roles'] as const,
  one: (id: number) => ['roles', id] as const,
  accessRights: ['access-rights'] as const,
};

type RoleUpdateBody = z.input<typeof roleUpdateBody>;
export type RoleBody = z.input<typeof roleCreateBody> | RoleUpdateBody;
/** A body with an id updates its role; one without creates a role. */
const isUpdate = (body: RoleBody): body is RoleUpdateBody => !!body.id;

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.all,
    queryFn: async () => (await call(rolesApi.list, {}, { cacheBust: true })).data,
    enabled,
  });
}

export function useRole(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.one(id ?? 0),
    queryFn: async () => (await call(rolesApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined,
    // its page shows the failure in place (LoadError): no toast besides it
    meta: { silentError: true },
  });
}

export function useAccessRights() {
  return useQuery({
    queryKey: roleKeys.accessRights,
    queryFn: async () => (await call(accessRightsApi.list)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => (isUpdate(body) ? call(rolesApi.update, { body }) : call(rolesApi.create, { body })),
    onSuccess: async (res) => {
      qc.setQueryData(roleKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: roleKeys.all, exact: true });
      // user groups show their role's name
      await qc.invalidateQueries({ queryKey: ['user-groups'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && body.id) void qc.invalidateQueries({ queryKey: roleKeys.one(body.id) });
    },
  });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(rolesApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: roleKeys.one(id) });
      await qc.invalidateQueries({ queryKey: roleKeys.all, exact: true });
    },
  });
}

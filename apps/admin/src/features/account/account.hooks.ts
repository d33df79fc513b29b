import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@vellum/contract';
import { api } from '../../api/client';

/** The signed-in user's own account (fresh, for the settings form). */
export function useAccount() {
  return useQuery({
    queryKey: ['account', 'settings'],
    queryFn: async () => (await api<Account>('api/account', { cacheBust: true })).data,
    staleTime: 0,
  });
}

export interface AccountSettings {
  firstName: string | null;
  lastName: string | null;
  email: string;
  langKey: 'en';
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountSettings) => api('api/account', { method: 'POST', body }),
    // the account query of the session (its key starts with 'account') shows the new name in the top bar
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
    meta: { silentAlert: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { login: string; currentPassword: string; newPassword: string }) =>
      api('api/account/change-password', { method: 'POST', body }),
    meta: { silentError: true, silentAlert: true },
  });
}

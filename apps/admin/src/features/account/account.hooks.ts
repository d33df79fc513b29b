import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@vellum/contract';
import { call } from '../../api/call';

/** The signed-in user's own account (fresh, for the settings form). */
export function useAccount() {
  return useQuery({
    queryKey: ['account', 'settings'],
    queryFn: async () => (await call(accountApi.get, {}, { cacheBust: true })).data,
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
    mutationFn: (body: AccountSettings) => call(accountApi.update, { body }),
    // the account query of the session (its key starts with 'account') shows the new name in the top bar
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
    meta: { silentAlert: true },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { login: string; currentPassword: string; newPassword: string }) => call(accountApi.changePassword, { body }),
    meta: { silentError: true, silentAlert: true },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RouteBodyInput, type SsoConfigBody, ssoApi } from '@vellum/contract';
import { call } from '../../api/call';

/** The SSO settings screen, where a test sign-in starts and its report leads back to. */
export const SSO_SETTINGS_PATH = '/general-settings/manufacturer-sso-settings';

const ssoKeys = { configs: ['manufacturer', 'sso-configs'] as const };

export function useSsoConfigs() {
  return useQuery({ queryKey: ssoKeys.configs, queryFn: async () => (await call(ssoApi.configs)).data });
}

/** Saves one configuration (the others are left out, so unchanged). */
export function useSaveSsoConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConfigBody) => call(ssoApi.updateConfigs, { body: [body] }),
    onSuccess: (res) => {
      if (res.data) qc.setQueryData(ssoKeys.configs, res.data);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ssoKeys.configs }),
  });
}

/** Starts a test sign-in with the saved ADMIN configuration: the provider URL (a new one on every call). */
export function useStartSsoTest() {
  return useQuery({
    queryKey: ['manufacturer', 'sso-test-start'],
    queryFn: async () => (await call(ssoApi.testSignIn)).data.url,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

type SsoTestResultBody = RouteBodyInput<typeof ssoApi.testResult>;

/** The report of a test sign-in's answer (taken once by the server). */
export function useSsoTestReport() {
  return useMutation({ mutationFn: async (body: SsoTestResultBody) => (await call(ssoApi.testResult, { body })).data });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SsoConfigBody, ssoApi } from '@vellum/contract';
import { call } from '../../api/call';

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

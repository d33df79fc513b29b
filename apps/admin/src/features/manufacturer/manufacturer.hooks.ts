import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { manufacturerApi, type manufacturerSchema, type manufacturerSettingsBody } from '@vellum/contract';
import type { z } from 'zod';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type ManufacturerSettingsBody = z.input<typeof manufacturerSettingsBody>;

export const manufacturerKeys = {
  own: ['manufacturer', 'own'] as const,
  // shared with the shell's feature switches
  settings: ['manufacturer', 'settings'] as const,
};

export function useManufacturer(enabled = true) {
  return useQuery({
    queryKey: manufacturerKeys.own,
    queryFn: async () => (await call(manufacturerApi.get)).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useManufacturerSettings() {
  return useQuery({
    queryKey: manufacturerKeys.settings,
    queryFn: async () => (await call(manufacturerApi.settings)).data,
  });
}

export function useSaveManufacturerSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManufacturerSettingsBody) => call(manufacturerApi.updateSettings, { body }),
    onSuccess: async (res) => {
      if (res.data) qc.setQueryData(manufacturerKeys.settings, res.data);
      // the shell's menus depend on the feature switches
      await qc.invalidateQueries({ queryKey: ['manufacturer'] });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: manufacturerKeys.settings });
    },
  });
}

export function useSaveManufacturerName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(manufacturerApi.rename, { body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['manufacturer'] }),
  });
}

export function useUploadManufacturerImage(kind: 'logo' | 'HCP' | 'PATIENT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      if (kind === 'logo') {
        data.append('logo', file);
        return call(manufacturerApi.uploadLogo, {}, { rawBody: data });
      }
      data.append('image', file);
      return call(manufacturerApi.uploadAudienceImage, { query: { audience: kind } }, { rawBody: data });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: manufacturerKeys.own }),
  });
}

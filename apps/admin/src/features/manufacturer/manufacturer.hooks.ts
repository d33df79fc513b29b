import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManufacturerSettings, manufacturerSchema, manufacturerSettingsBody } from '@vellum/contract';
import type { z } from 'zod';
import { ApiError, api } from '../../api/client';

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
    queryFn: async () => (await api<Manufacturer>('api/manufacturer/own')).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useManufacturerSettings() {
  return useQuery({
    queryKey: manufacturerKeys.settings,
    queryFn: async () => (await api<ManufacturerSettings>('api/manufacturer/own/settings')).data,
  });
}

export function useSaveManufacturerSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ManufacturerSettingsBody) => api<ManufacturerSettings>('api/manufacturer/own/settings', { method: 'PUT', body }),
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
    mutationFn: (name: string) => api<unknown>('api/manufacturer/own/name', { method: 'PUT', body: { name } }),
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
        return api<unknown>('api/manufacturer/own/logo', { method: 'POST', rawBody: data });
      }
      data.append('image', file);
      return api<unknown>('api/manufacturer/own/audience-image', { method: 'PUT', query: { audience: kind }, rawBody: data });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: manufacturerKeys.own }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { BusinessUnit, ManufacturerFeatures, ManufacturerSettings } from '@vellum/contract';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../api/client';
import { useAuth } from '../auth';

/** Shell data is decoration: its failures are not announced (the page's own calls are). */
const quiet = { silentError: true } as const;

export interface ManagementInfo {
  activeProfiles: string[];
  version: string;
}

/** Version and active profiles (public). */
export function useManagementInfo() {
  return useQuery({
    queryKey: ['management-info'],
    queryFn: async () => (await api<ManagementInfo>('management/info')).data,
    staleTime: Number.POSITIVE_INFINITY,
    meta: quiet,
  });
}

export function useManufacturerName() {
  return useQuery({
    queryKey: ['manufacturer', 'name'],
    queryFn: async () => {
      const data = (await api<{ name: string } | string>('api/manufacturer/own/name')).data;
      return typeof data === 'string' ? data : (data?.name ?? '');
    },
    staleTime: 5 * 60_000,
    meta: quiet,
  });
}

/** The manufacturer logo as an object URL; null when none is set. */
export function useManufacturerLogo(): string | null {
  const logo = useQuery({
    queryKey: ['manufacturer', 'logo'],
    queryFn: async () => {
      try {
        const blob = (await api<Blob>('api/manufacturer/own/logo', { responseType: 'blob' })).data;
        return blob.size > 0 ? blob : null;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    meta: quiet,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(logo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [logo.data]);
  return url;
}

/** The feature switches a menu depends on; defaults when the user may not read the settings. */
export type FeatureSwitches = Pick<
  ManufacturerSettings,
  'worldWidePublicWebsite' | 'patientBusinessUnitSearch' | 'globalSearch' | 'validationRecordsActive' | 'authenticationMechanism'
>;

export const DEFAULT_FEATURES: FeatureSwitches = {
  worldWidePublicWebsite: false,
  patientBusinessUnitSearch: false,
  globalSearch: false,
  validationRecordsActive: false,
  authenticationMechanism: 'USERNAME_PASSWORD',
};

/** The manufacturer's feature switches (every signed-in user may read them); undefined while loading. */
export function useFeatureSwitchesQuery() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['manufacturer', 'features'],
    queryFn: async () => (await api<ManufacturerFeatures>('api/manufacturer/own/features')).data,
    enabled: auth.status === 'authenticated',
    staleTime: 60_000,
    meta: quiet,
  });
}

export function useFeatureSwitches(): FeatureSwitches {
  const features = useFeatureSwitchesQuery();
  return features.data ? { ...DEFAULT_FEATURES, ...features.data } : DEFAULT_FEATURES;
}

export function useBusinessUnitName(id: number | undefined) {
  return useQuery({
    queryKey: ['business-units', id, 'displayName'],
    queryFn: async () => {
      const data = (await api<{ displayName: string } | string>(`api/business-units/${id}/displayName`)).data;
      return typeof data === 'string' ? data : (data?.displayName ?? '');
    },
    enabled: id !== undefined && Number.isInteger(id),
    staleTime: 60_000,
    meta: quiet,
  });
}

export type BusinessUnitOption = Pick<BusinessUnit, 'id' | 'displayName' | 'active'>;

/** The business units the user can open, for the switcher. */
export function useMyBusinessUnits() {
  return useQuery({
    queryKey: ['business-units', 'switcher'],
    queryFn: async () => {
      const data = (await api<BusinessUnitOption[] | { items: BusinessUnitOption[] }>('api/business-units', { cacheBust: true })).data;
      return Array.isArray(data) ? data : (data?.items ?? []);
    },
    staleTime: 60_000,
    meta: quiet,
  });
}

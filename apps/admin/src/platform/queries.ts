import { useQuery } from '@tanstack/react-query';
import type { BusinessUnit, ManufacturerSettings } from '@vellum/contract';
import { call } from '../api/call';
import { firstLoadRoutes } from '../api/firstLoadRoutes';
import { useAuth } from './auth';

/** Shell data is decoration: its failures are not announced (the page's own calls are). */
const quiet = { silentError: true } as const;

/** Version and active profiles (public). */
export function useManagementInfo() {
  return useQuery({
    queryKey: ['management-info'],
    queryFn: async () => (await call(firstLoadRoutes.managementInfo)).data,
    staleTime: Number.POSITIVE_INFINITY,
    meta: quiet,
  });
}

/** The manufacturer's public name and logo URL (null when no logo is stored), for the top bar and the sign-in page. */
export interface ManufacturerBrand {
  name: string;
  logoUrl: string | null;
}

function useManufacturerBrand<T>(select: (brand: ManufacturerBrand) => T) {
  return useQuery({
    queryKey: ['manufacturer', 'name'],
    queryFn: async (): Promise<ManufacturerBrand> => {
      const { data } = await call(firstLoadRoutes.manufacturerName);
      return { name: data.name, logoUrl: data.logoUrl ?? null };
    },
    select,
    staleTime: 5 * 60_000,
    meta: quiet,
  });
}

export function useManufacturerName() {
  return useManufacturerBrand((brand) => brand.name);
}

/**
 * The manufacturer logo's URL; null when none is stored. The public name says whether a logo
 * exists, so no page asks for a logo that is not there (a 404 in every page's console). The URL
 * carries the logo's version, so the browser may cache it and a new logo shows at once.
 */
export function useManufacturerLogo(): string | null {
  return useManufacturerBrand((brand) => brand.logoUrl).data ?? null;
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
    queryFn: async () => (await call(firstLoadRoutes.features)).data,
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
    queryFn: async () => (await call(firstLoadRoutes.businessUnitName, { params: { id: id! } })).data.displayName,
    enabled: id !== undefined && Number.isInteger(id),
    staleTime: 60_000,
    meta: quiet,
  });
}

export type BusinessUnitOption = Pick<BusinessUnit, 'id' | 'displayName' | 'active' | 'slug'>;

/** The business units the user can open, for the switcher. */
export function useMyBusinessUnits() {
  return useQuery({
    queryKey: ['business-units', 'switcher'],
    queryFn: async (): Promise<BusinessUnitOption[]> => (await call(firstLoadRoutes.businessUnits, {}, { cacheBust: true })).data,
    staleTime: 60_000,
    meta: quiet,
  });
}

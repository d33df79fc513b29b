import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LanguageGroupCreateBody,
  type LanguageGroupUpdateBody,
  languageGroupsApi,
  languagesApi,
  type RegionCreateBody,
  type RegionUpdateBody,
  referenceDataApi,
  regionsApi,
} from '@vellum/contract';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';

/** Interface regions (what a visitor picks) or document regions (where a file is valid). */
export type RegionKind = 'interface' | 'document';
/** Interface (website) or document languages of a unit. */
export type LanguageKind = 'interface' | 'document';

const STATIC = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

/** Reference data: read once per session. */
export function useCountries() {
  return useQuery({ queryKey: ['reference', 'countries'], queryFn: async () => (await call(referenceDataApi.countries)).data, ...STATIC });
}
export function useContinents() {
  return useQuery({
    queryKey: ['reference', 'continents'],
    queryFn: async () => (await call(referenceDataApi.continents)).data,
    ...STATIC,
  });
}
export function useLanguages() {
  return useQuery({ queryKey: ['reference', 'languages'], queryFn: async () => (await call(referenceDataApi.languages)).data, ...STATIC });
}

export const regionKeys = {
  list: (kind: RegionKind, unitId: number) => ['regions', kind, 'list', unitId] as const,
  one: (kind: RegionKind, id: number) => ['regions', kind, id] as const,
};

/** A unit's regions of a kind (the manufacturer's, businessUnitId 0, while it has none of its own). */
export function useRegions(kind: RegionKind, unitId: number) {
  return useQuery({
    queryKey: regionKeys.list(kind, unitId),
    queryFn: async ({ signal }) =>
      (await call(regionsApi[kind].list, { query: { 'business-unit': unitId } }, { cacheBust: true, signal })).data,
    enabled: Number.isInteger(unitId),
  });
}

export function useRegion(kind: RegionKind, id: number | undefined) {
  return useQuery({
    queryKey: regionKeys.one(kind, id ?? -1),
    queryFn: async () => (await call(regionsApi[kind].get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSaveRegion(kind: RegionKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegionCreateBody | RegionUpdateBody) =>
      'id' in body && body.id ? call(regionsApi[kind].update, { body }) : call(regionsApi[kind].create, { body: body as RegionCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(regionKeys.one(kind, res.data.id), res.data);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['regions', kind, 'list'] }),
        qc.invalidateQueries({ queryKey: ['business-units'] }),
      ]);
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id)
        void qc.invalidateQueries({ queryKey: regionKeys.one(kind, body.id) });
    },
  });
}

export function useDeleteRegion(kind: RegionKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(regionsApi[kind].delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: regionKeys.one(kind, id) });
      await qc.invalidateQueries({ queryKey: ['regions', kind, 'list'] });
    },
  });
}

const unitLanguagesKey = (kind: LanguageKind, unitId: number) => ['unit-languages', kind, unitId] as const;

/** The unit's interface or document languages (unit 0: the manufacturer-wide lists). */
export function useUnitLanguages(kind: LanguageKind, unitId: number) {
  return useQuery({
    queryKey: unitLanguagesKey(kind, unitId),
    queryFn: async ({ signal }) =>
      (await call(languagesApi[kind].list, { query: { 'business-unit': unitId } }, { cacheBust: true, signal })).data,
    enabled: Number.isInteger(unitId),
  });
}

export function useSaveUnitLanguages(kind: LanguageKind, unitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (codes: string[]) => call(languagesApi[kind].replace, { query: { 'business-unit': unitId }, body: codes }),
    onSuccess: async (res) => {
      qc.setQueryData(unitLanguagesKey(kind, unitId), res.data);
      await qc.invalidateQueries({ queryKey: ['business-units'] });
    },
  });
}

export const languageGroupKeys = {
  list: (unitId: number) => ['language-groups', 'list', unitId] as const,
  one: (id: number) => ['language-groups', id] as const,
};

export function useLanguageGroups(unitId: number) {
  return useQuery({
    queryKey: languageGroupKeys.list(unitId),
    queryFn: async ({ signal }) =>
      (await call(languageGroupsApi.list, { query: { 'business-unit': unitId } }, { cacheBust: true, signal })).data,
    enabled: Number.isInteger(unitId),
  });
}

export function useLanguageGroup(id: number | undefined) {
  return useQuery({
    queryKey: languageGroupKeys.one(id ?? -1),
    queryFn: async () => (await call(languageGroupsApi.get, { params: { id: id! } })).data,
    enabled: id !== undefined && Number.isInteger(id),
    meta: { silentError: true },
  });
}

export function useSaveLanguageGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LanguageGroupCreateBody | LanguageGroupUpdateBody) =>
      'id' in body && body.id
        ? call(languageGroupsApi.update, { body })
        : call(languageGroupsApi.create, { body: body as LanguageGroupCreateBody }),
    onSuccess: async (res) => {
      qc.setQueryData(languageGroupKeys.one(res.data.id), res.data);
      await qc.invalidateQueries({ queryKey: ['language-groups', 'list'] });
    },
    onError: (err, body) => {
      if (err instanceof ApiError && err.status === 409 && 'id' in body && body.id)
        void qc.invalidateQueries({ queryKey: languageGroupKeys.one(body.id) });
    },
  });
}

export function useDeleteLanguageGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(languageGroupsApi.delete, { params: { id } }),
    onSuccess: async (_res, id) => {
      qc.removeQueries({ queryKey: languageGroupKeys.one(id) });
      await qc.invalidateQueries({ queryKey: ['language-groups', 'list'] });
    },
  });
}

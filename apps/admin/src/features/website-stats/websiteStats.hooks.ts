import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DocumentDownload, type DocumentDownloadStats, documentDownloadsApi } from '@vellum/contract';
import { call } from '../../api/call';

export type { DocumentDownload, DocumentDownloadStats };

/** Whole days (YYYY-MM-DD, UTC), both included; either may be left open. */
export interface DayRange {
  from?: string;
  to?: string;
}

export const websiteStatsKeys = {
  stats: (unit: number, range: DayRange) => ['document-downloads', unit, 'stats', range] as const,
  page: (unit: number, range: DayRange, page: { page: number; size: number; sort?: string }) =>
    ['document-downloads', unit, 'page', range, page] as const,
};

export function useDownloadStats(unit: number, range: DayRange) {
  return useQuery({
    queryKey: websiteStatsKeys.stats(unit, range),
    queryFn: async ({ signal }) =>
      (await call(documentDownloadsApi.stats, { query: { 'business-unit': unit, ...range } }, { cacheBust: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useDownloads(unit: number, range: DayRange, page: { page: number; size: number; sort?: string }) {
  return useQuery({
    queryKey: websiteStatsKeys.page(unit, range, page),
    queryFn: async ({ signal }) =>
      (await call(documentDownloadsApi.list, { query: { 'business-unit': unit, ...range, ...page } }, { cacheBust: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** The largest page the API answers: the CSV export asks for as few pages as it can. */
export const EXPORT_PAGE_SIZE = 2000;

/**
 * Every record of the range, newest first: the pages fetched one after the other (spec 001 §7),
 * `onProgress` told after each.
 */
export async function fetchAllDownloads(
  unit: number,
  range: DayRange,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DocumentDownload[]> {
  const all: DocumentDownload[] = [];
  for (let page = 0; ; page++) {
    const { data } = await call(
      documentDownloadsApi.list,
      { query: { 'business-unit': unit, ...range, page, size: EXPORT_PAGE_SIZE, sort: ['at,desc', 'id,desc'] } },
      { cacheBust: true, signal },
    );
    all.push(...data.items);
    onProgress?.(all.length, data.pageable.totalElements);
    if (page + 1 >= data.pageable.totalPages || data.items.length === 0) return all;
  }
}

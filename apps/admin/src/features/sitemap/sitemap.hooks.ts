import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sitemapApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';

export interface SitemapListParams {
  businessUnitId: number;
  page: number;
  size: number;
  search?: string;
}

export const sitemapKeys = {
  all: ['sitemap'] as const,
  list: (p: SitemapListParams) => ['sitemap', 'list', p] as const,
};

/** One page of the live publication's products and documents with their label URLs. */
export function useSitemap(params: SitemapListParams) {
  return useQuery({
    queryKey: sitemapKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(
        sitemapApi.list,
        { query: { 'business-unit': params.businessUnitId, page: params.page, size: params.size, search: params.search || undefined } },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(params.businessUnitId),
  });
}

/** The EUDAMED export of the server (UDI-DI, persistent URL, key code, product type), handed to the browser as a file. */
export async function downloadEudamedCsv(businessUnitId: number): Promise<void> {
  // read as a file, not as the declared text
  const res = await api<Blob>(urlOf(sitemapApi.eudamedCsv, { query: { 'business-unit': businessUnitId } }), { responseType: 'blob' });
  saveBlob(res.data, `eudamed-${businessUnitId}.csv`);
}

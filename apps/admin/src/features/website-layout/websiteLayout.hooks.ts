import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type businessUnitLayoutBody,
  type businessUnitLayoutSchema,
  businessUnitsApi,
  type ContentBlockInput,
  type FooterItem,
  type FooterItemInput,
  type PublicResource,
  type RouteAnswer,
  websiteLayoutApi,
} from '@vellum/contract';
import type { z } from 'zod';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { notifySuccess } from '../../api/notify';
import { type UploadOptions, uploadWithProgress } from '../../api/uploadWithProgress';
import { i18n } from '../../i18n';

export type Layout = z.output<typeof businessUnitLayoutSchema>;
export type LayoutBody = z.input<typeof businessUnitLayoutBody>;

const keys = {
  layout: (id: number) => ['website-layout', 'layout', id] as const,
  css: (id: number) => ['website-layout', 'css', id] as const,
  footer: (id: number) => ['website-layout', 'footer', id] as const,
  blocks: (id: number) => ['website-layout', 'blocks', id] as const,
  resources: (id: number) => ['website-layout', 'resources', id] as const,
};
const unit = (id: number) => ({ 'business-unit': id });

export const useLayout = (id: number) =>
  useQuery({
    queryKey: keys.layout(id),
    queryFn: async () => (await call(businessUnitsApi.layout, { params: { id } }, { cacheBust: true })).data,
  });
export const useCss = (id: number) =>
  useQuery({
    queryKey: keys.css(id),
    queryFn: async () => (await call(businessUnitsApi.css, { params: { id } }, { cacheBust: true })).data,
  });
export const useFooterItems = (id: number) =>
  useQuery({
    queryKey: keys.footer(id),
    queryFn: async () => (await call(websiteLayoutApi.footerItems, { query: unit(id) }, { cacheBust: true })).data,
  });
export const useContentBlocks = (id: number) =>
  useQuery({
    queryKey: keys.blocks(id),
    queryFn: async () => (await call(websiteLayoutApi.contentBlocks, { query: unit(id) }, { cacheBust: true })).data,
  });
export const usePublicResources = (id: number, enabled = true) =>
  useQuery({
    queryKey: keys.resources(id),
    queryFn: async () => (await call(websiteLayoutApi.publicResources, { query: unit(id) }, { cacheBust: true })).data,
    enabled,
  });

/**
 * A mutation that refreshes the unit's layout (its inherited and effective values) afterwards and
 * says what was saved (`saved`: the message for its result).
 */
function useLayoutMutation<V, R>(fn: (v: V) => Promise<R>, saved: (result: R, variables: V) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result, variables) => {
      notifySuccess(saved(result, variables));
      return qc.invalidateQueries({ queryKey: ['website-layout'] });
    },
    // the page shows the server's message beside the field (CSS line, footer rule)
    meta: { silentError: true },
  });
}
const t = i18n.t.bind(i18n);

export const useSaveLayout = () =>
  useLayoutMutation(
    async (body: LayoutBody) => (await call(businessUnitsApi.updateLayout, { body })).data,
    () => t('websiteLayout.saved.colours'),
  );
export const useSaveCss = (id: number) =>
  useLayoutMutation(
    async (content: string) => (await call(businessUnitsApi.updateCss, { params: { id }, body: { content } })).data,
    () => t('websiteLayout.saved.css'),
  );
export const useSaveFooterItems = (id: number) =>
  useLayoutMutation(
    async (items: FooterItemInput[]): Promise<FooterItem[]> => {
      // an empty footer is a delete: the unit then shows the manufacturer's
      if (items.length === 0) {
        await call(websiteLayoutApi.deleteFooterItems, { query: unit(id) });
        return [];
      }
      return (await call(websiteLayoutApi.replaceFooterItems, { query: unit(id), body: items })).data;
    },
    (result) => t(result.length === 0 ? 'websiteLayout.saved.footerRemoved' : 'websiteLayout.saved.footer'),
  );
export const useSaveContentBlocks = (id: number) =>
  useLayoutMutation(
    async (blocks: ContentBlockInput[]) => (await call(websiteLayoutApi.replaceContentBlocks, { query: unit(id), body: blocks })).data,
    () => t('websiteLayout.saved.blocks'),
  );
export const useUploadLogo = (id: number) =>
  useLayoutMutation(
    async (file: File) => {
      const data = new FormData();
      data.append('logo', file);
      return (await call(businessUnitsApi.uploadLogo, { params: { id } }, { rawBody: data })).data;
    },
    () => t('websiteLayout.saved.logo'),
  );
/** Uploads a public resource with the progress of its bytes; aborting `signal` cancels it. */
export const useUploadResource = (id: number) =>
  useLayoutMutation(
    async ({
      file,
      name,
      onProgress,
      signal,
    }: {
      file: File;
      name: string;
      onProgress?: UploadOptions['onProgress'];
      signal?: AbortSignal;
    }) =>
      (
        await uploadWithProgress<RouteAnswer<typeof websiteLayoutApi.uploadPublicResource>>(
          urlOf(websiteLayoutApi.uploadPublicResource, { query: unit(id) }),
          file,
          { fields: { name }, onProgress, signal },
        )
      ).data,
    (resource) => t('websiteLayout.saved.resourceUploaded', { name: resource.name }),
  );
export const useDeleteResource = () =>
  useLayoutMutation(
    async (resource: Pick<PublicResource, 'id' | 'name'>) =>
      (await call(websiteLayoutApi.deletePublicResource, { params: { id: resource.id } })).data,
    (_, resource) => t('websiteLayout.saved.resourceDeleted', { name: resource.name }),
  );

/** The content of a saved public resource as a data: URL, for the preview's CSS (read once per content). */
export const useResourceContents = (resources: PublicResource[]) =>
  useQueries({
    queries: resources.map((r) => ({
      // not under 'website-layout': a save elsewhere on the page does not read them again
      queryKey: ['public-resource-content', r.url, r.sha256],
      queryFn: async () => dataUrlOf((await api<Blob>(r.url, { responseType: 'blob' })).data),
      staleTime: Number.POSITIVE_INFINITY,
      meta: { silentError: true },
    })),
  });

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

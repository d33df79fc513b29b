import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessUnit,
  businessUnitLayoutBody,
  businessUnitLayoutSchema,
  ContentBlock,
  ContentBlockInput,
  FooterItem,
  FooterItemInput,
  PublicResource,
} from '@vellum/contract';
import type { z } from 'zod';
import { api } from '../../api/client';
import { type UploadOptions, uploadWithProgress } from '../../api/uploadWithProgress';

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
    queryFn: async () => (await api<Layout>(`api/business-units/${id}/layout`, { cacheBust: true })).data,
  });
export const useCss = (id: number) =>
  useQuery({
    queryKey: keys.css(id),
    queryFn: async () => (await api<{ content: string }>(`api/business-units/${id}/css`, { cacheBust: true })).data,
  });
export const useFooterItems = (id: number) =>
  useQuery({
    queryKey: keys.footer(id),
    queryFn: async () => (await api<FooterItem[]>('api/footer-items', { query: unit(id), cacheBust: true })).data,
  });
export const useContentBlocks = (id: number) =>
  useQuery({
    queryKey: keys.blocks(id),
    queryFn: async () => (await api<ContentBlock[]>('api/content-blocks', { query: unit(id), cacheBust: true })).data,
  });
export const usePublicResources = (id: number) =>
  useQuery({
    queryKey: keys.resources(id),
    queryFn: async () => (await api<PublicResource[]>('api/public-resources', { query: unit(id), cacheBust: true })).data,
  });

/** A mutation that refreshes the unit's layout (its inherited and effective values) afterwards. */
function useLayoutMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['website-layout'] }),
    // the page shows the server's message beside the field (CSS line, footer rule)
    meta: { silentError: true },
  });
}

export const useSaveLayout = () =>
  useLayoutMutation(async (body: LayoutBody) => (await api<Layout>('api/business-units/layout', { method: 'PUT', body })).data);
export const useSaveCss = (id: number) =>
  useLayoutMutation(
    async (content: string) => (await api<{ content: string }>(`api/business-units/${id}/css`, { method: 'PUT', body: { content } })).data,
  );
export const useSaveFooterItems = (id: number) =>
  useLayoutMutation(async (items: FooterItemInput[]): Promise<FooterItem[]> => {
    // an empty footer is a delete: the unit then shows the manufacturer's
    if (items.length === 0) {
      await api<void>('api/footer-items', { method: 'DELETE', query: unit(id) });
      return [];
    }
    return (await api<FooterItem[]>('api/footer-items', { method: 'PUT', query: unit(id), body: items })).data;
  });
export const useSaveContentBlocks = (id: number) =>
  useLayoutMutation(
    async (blocks: ContentBlockInput[]) =>
      (await api<ContentBlock[]>('api/content-blocks', { method: 'PUT', query: unit(id), body: blocks })).data,
  );
export const useUploadLogo = (id: number) =>
  useLayoutMutation(async (file: File) => {
    const data = new FormData();
    data.append('logo', file);
    return (await api<BusinessUnit>(`api/business-units/${id}/logo`, { method: 'POST', rawBody: data })).data;
  });
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
      (await uploadWithProgress<PublicResource>('api/public-resources', file, { query: unit(id), fields: { name }, onProgress, signal }))
        .data,
  );
export const useDeleteResource = () =>
  useLayoutMutation(async (resourceId: number) => (await api<void>(`api/public-resources/${resourceId}`, { method: 'DELETE' })).data);

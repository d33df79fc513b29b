import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PreviewBody, type PublishBody, publishingApi, type RouteAnswer, type RouteQueryInput } from '@vellum/contract';
import { type CallOptions, call } from '../../api/call';

/** How often the page asks whether a publish is running (spec 001 §3: the publish state). */
export const PUBLISH_STATE_POLL_MS = 4000;

export interface PageParams {
  page: number;
  size: number;
  sort?: string;
}

/** Every query of a unit's publishing starts with this key, so one publish refreshes them all. */
export const publishingKeys = {
  unit: (businessUnitId: number) => ['publishing', businessUnitId] as const,
  readiness: (businessUnitId: number) => ['publishing', businessUnitId, 'readiness'] as const,
  changes: (businessUnitId: number) => ['publishing', businessUnitId, 'changes'] as const,
  counts: (businessUnitId: number, what: 'products' | 'files') => ['publishing', businessUnitId, what, 'counts'] as const,
  items: (businessUnitId: number, what: 'products' | 'files', p: PageParams) => ['publishing', businessUnitId, what, 'items', p] as const,
  state: (businessUnitId: number) => ['publishing', businessUnitId, 'state'] as const,
  publications: (businessUnitId: number, p: PageParams) => ['publishing', businessUnitId, 'publications', p] as const,
  publication: (businessUnitId: number, id: number) => ['publishing', businessUnitId, 'publication', id] as const,
};

const valid = (id: number) => Number.isInteger(id);

/** The routes of the products' and the files' publish states (they share their query). */
const itemsRoute = { products: publishingApi.products, files: publishingApi.files } as const;
type ItemsAnswer<T extends 'products' | 'files'> = RouteAnswer<(typeof itemsRoute)[T]>;

/** GET api/publish-products or api/publish-files, as `what` says. */
async function publishItems<T extends 'products' | 'files'>(
  what: T,
  query: RouteQueryInput<typeof publishingApi.products>,
  opts: CallOptions,
): Promise<ItemsAnswer<T>> {
  const route: (typeof itemsRoute)[keyof typeof itemsRoute] = itemsRoute[what];
  const res = await call(route, { query }, opts);
  // the answer of the route `what` picked (TypeScript does not narrow a generic index; the old call named the same type)
  return res.data as ItemsAnswer<T>;
}

/** GET api/publish/readiness: what blocks a publish (errors) and what it leaves out (warnings). */
export function useReadiness(businessUnitId: number, enabled = true) {
  return useQuery({
    queryKey: publishingKeys.readiness(businessUnitId),
    queryFn: async ({ signal }) =>
      (await call(publishingApi.readiness, { query: { 'business-unit': businessUnitId } }, { cacheBust: true, signal })).data,
    enabled: enabled && valid(businessUnitId),
    meta: { silentError: true },
  });
}

/** GET api/publish/changes: what a publish now changes against the live publication (decision 0051). */
export function usePublishChanges(businessUnitId: number, enabled = true) {
  return useQuery({
    queryKey: publishingKeys.changes(businessUnitId),
    queryFn: async ({ signal }) =>
      (await call(publishingApi.changes, { query: { 'business-unit': businessUnitId } }, { cacheBust: true, signal })).data,
    enabled: enabled && valid(businessUnitId),
    meta: { silentError: true },
  });
}

/** The counts of products, or of files and documents, by publish state (no items). */
export function usePublishCounts<T extends 'products' | 'files'>(businessUnitId: number, what: T, enabled = true) {
  return useQuery({
    queryKey: publishingKeys.counts(businessUnitId, what),
    queryFn: async ({ signal }) => publishItems(what, { 'business-unit': businessUnitId }, { cacheBust: true, signal }),
    enabled: enabled && valid(businessUnitId),
    meta: { silentError: true },
  });
}

/** One page of the products or files a publish would change (details=true: unpublished and scheduled). */
export function usePublishItems<T extends 'products' | 'files'>(businessUnitId: number, what: T, params: PageParams, enabled: boolean) {
  return useQuery({
    queryKey: publishingKeys.items(businessUnitId, what, params),
    queryFn: async ({ signal }) =>
      publishItems(
        what,
        { 'business-unit': businessUnitId, details: 'true', page: params.page, size: params.size, sort: params.sort },
        { cacheBust: true, signal },
      ),
    enabled: enabled && valid(businessUnitId),
    placeholderData: keepPreviousData,
  });
}

/** GET api/publish-state, asked again every few seconds while the page is open. */
export function usePublishState(businessUnitId: number, enabled = true) {
  return useQuery({
    queryKey: publishingKeys.state(businessUnitId),
    queryFn: async ({ signal }) =>
      (await call(publishingApi.state, { query: { 'business-unit': businessUnitId } }, { cacheBust: true, signal })).data,
    enabled: enabled && valid(businessUnitId),
    refetchInterval: PUBLISH_STATE_POLL_MS,
    refetchIntervalInBackground: false,
    // a failed poll is not worth a notification every few seconds
    meta: { silentError: true },
  });
}

/** POST api/publish; the page shows its errors itself (the running publish, a readiness error). */
export function usePublish(businessUnitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) => call(publishingApi.publish, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: publishingKeys.unit(businessUnitId) }),
    meta: { silentError: true },
  });
}

/** POST api/publish/preview: a one-time address of a preview of the website (the unpublished state, or a publication). */
export function useOpenPreview() {
  return useMutation({
    mutationFn: async (body: PreviewBody) => (await call(publishingApi.preview, { body })).data,
  });
}

/** One page of the unit's publications, newest first (array + x-total-count). */
export function usePublications(businessUnitId: number, params: PageParams) {
  return useQuery({
    queryKey: publishingKeys.publications(businessUnitId, params),
    queryFn: async ({ signal }) => {
      const res = await call(
        publishingApi.publications,
        { query: { 'business-unit': businessUnitId, page: params.page, size: params.size, sort: params.sort } },
        { cacheBust: true, signal },
      );
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    enabled: valid(businessUnitId),
    placeholderData: keepPreviousData,
  });
}

/** A publication with what changed against the previous one. */
export function usePublication(businessUnitId: number, id: number | null) {
  return useQuery({
    queryKey: publishingKeys.publication(businessUnitId, id ?? -1),
    queryFn: async ({ signal }) => (await call(publishingApi.publication, { params: { id: id! } }, { signal })).data,
    enabled: id !== null && valid(businessUnitId),
    meta: { silentError: true },
  });
}

/** POST api/publications/{id}/restore: the publication's content becomes live again as a new publication. */
export function useRestorePublication(businessUnitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(publishingApi.restorePublication, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: publishingKeys.unit(businessUnitId) }),
  });
}

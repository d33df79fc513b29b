import { useMutation, useQuery } from '@tanstack/react-query';
import { notificationPreviewApi } from '@vellum/contract';
import { call } from '../../api/call';

const keys = {
  list: ['notification-preview'] as const,
  one: (kind: string, language: string) => ['notification-preview', kind, language] as const,
};

/** Every e-mail the product sends and the interface languages to preview them in. */
export function useNotificationKinds() {
  return useQuery({
    queryKey: keys.list,
    queryFn: async ({ signal }) => (await call(notificationPreviewApi.list, undefined, { signal })).data,
  });
}

/** One e-mail rendered with sample data in a language (none until a kind is chosen). */
export function useNotificationPreview(kind: string | null, language: string) {
  return useQuery({
    queryKey: keys.one(kind ?? '', language),
    enabled: kind !== null,
    queryFn: async ({ signal }) =>
      (await call(notificationPreviewApi.get, { params: { kind: kind ?? '' }, query: { language } }, { signal })).data,
  });
}

/** Sends the sample to the signed-in user's own address (the server's alert names it). */
export function useSendNotificationSample() {
  return useMutation({
    mutationFn: (v: { kind: string; language: string }) =>
      call(notificationPreviewApi.send, { params: { kind: v.kind }, query: { language: v.language } }),
  });
}

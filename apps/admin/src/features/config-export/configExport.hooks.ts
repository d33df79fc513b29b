import { useMutation } from '@tanstack/react-query';
import { type ConfigPart, configExportApi } from '@vellum/contract';
import { call } from '../../api/call';
import { saveBlob } from '../../api/saveBlob';

/** Downloads the configuration zip under the name the server gives it. */
export async function downloadConfiguration(): Promise<void> {
  const res = await call(configExportApi.export, undefined, { responseType: 'blob' });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'vellum-configuration.zip';
  saveBlob(res.data as Blob, name);
}

const formOf = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};

/** What importing the file would change, per part (nothing written). */
export function usePreviewImport() {
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (file: File) => (await call(configExportApi.preview, {}, { rawBody: formOf(file) })).data,
  });
}

/** Applies the chosen parts of the file in one transaction. */
export function useApplyImport() {
  return useMutation({
    meta: { silentError: true },
    mutationFn: async (v: { file: File; parts: ConfigPart[] }) =>
      (await call(configExportApi.apply, { query: { parts: v.parts.join(',') } }, { rawBody: formOf(v.file) })).data,
  });
}

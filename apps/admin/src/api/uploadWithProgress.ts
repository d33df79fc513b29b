import type { Problem } from '@vellum/contract';
import { HEADER_ALERT, HEADER_PARAMS } from '@vellum/contract';
import { ApiError, type ApiResponse, buildUrl, notifyUnauthorized, type RequestOptions } from './client';
import { getToken } from './session';

export interface UploadOptions {
  query?: RequestOptions['query'];
  /** The multipart field of the file (default `file`). */
  field?: string;
  /** Text fields sent before the file (a server reading the stream sees them first). */
  fields?: Record<string, string>;
  /** Called as bytes leave the browser: loaded and total bytes of the request body. */
  onProgress?: (loaded: number, total: number) => void;
  /** Aborting cancels the upload (the promise rejects with an AbortError DOMException). */
  signal?: AbortSignal;
}

/** Headers of an XMLHttpRequest answer as a Headers object (what ApiError and the alerts read). */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * Uploads one file as multipart/form-data with the progress of its bytes (fetch cannot report
 * upload progress), with the same token, problem+json errors, 401 handling and alert header as
 * `api()`; no timeout (a large upload takes as long as it takes), cancelled through `signal`.
 */
export function uploadWithProgress<T>(path: string, file: Blob, opts: UploadOptions = {}): Promise<ApiResponse<T>> {
  const url = buildUrl(path, opts.query);
  const token = getToken();
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  form.append(opts.field ?? 'file', file, file instanceof File ? file.name : 'file');
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, undefined, undefined, url));
    };
    xhr.onload = () => {
      done();
      const headers = headersOf(xhr);
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const err = new ApiError(xhr.status, typeof data === 'object' ? (data as Problem) : undefined, headers, url);
        if (xhr.status === 401) notifyUnauthorized(err, token);
        reject(err);
        return;
      }
      const alertKey = headers.get(HEADER_ALERT);
      const param = headers.get(HEADER_PARAMS);
      resolve({
        data: data as T,
        headers,
        alert: alertKey ? { key: alertKey, param: param ? decodeURIComponent(param) : undefined } : undefined,
      });
    };
    xhr.send(form);
  });
}

import { HEADER_ERROR } from '@vellum/contract';

/** The progress of a zip's bytes leaving the browser. */
export type PutProgress = (loaded: number, total: number) => void;

/** The PUT of the zip failed: the status of the answer (0 when the address was not reachable). */
export class PutZipError extends Error {
  constructor(
    readonly status: number,
    /** The application message key the server's own upload address answered with (x-vellum-error), if any. */
    readonly key?: string,
  ) {
    super(`The upload failed (HTTP ${status}).`);
  }
}

/** The x-vellum-error header of an answer (only the server's own address sends one). */
function errorHeaderOf(xhr: XMLHttpRequest): string | undefined {
  for (const line of xhr.getAllResponseHeaders().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0 && line.slice(0, at).trim().toLowerCase() === HEADER_ERROR) return line.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * PUTs the zip to the address upload-url answered, with the headers it named, reporting progress
 * (fetch cannot report upload progress). The address carries its own signed token (the server's
 * streaming endpoint) or is presigned (S3): no Authorization header is ever sent, so the user's
 * token never reaches a bucket. No timeout (2 GB take as long as they take); `signal` aborts it.
 */
export function putZip(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: PutProgress,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    // an absolute address (a bucket) as it is; the server's own path from the site's root
    xhr.open('PUT', /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') ? url : `/${url}`);
    const names = Object.keys(headers).map((n) => n.toLowerCase());
    if (!names.includes('content-type')) xhr.setRequestHeader('Content-Type', 'application/zip');
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() !== 'authorization') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const done = () => signal.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new PutZipError(0));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve();
      } else reject(new PutZipError(xhr.status, errorHeaderOf(xhr)));
    };
    xhr.send(file);
  });
}

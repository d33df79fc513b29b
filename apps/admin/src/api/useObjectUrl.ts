import { useEffect, useState } from 'react';
import { api } from './client';

/** Whether an address is the API's: it needs the bearer token, which an `<img src>` cannot send. */
export const needsToken = (src: string): boolean => /^\/?api\//.test(src);

interface Loaded {
  src: string;
  url: string | null;
  failed: boolean;
}

/**
 * An address to show a file of the API with (a saved logo or product type image, decision 0050):
 * read once with the token through the API client, shown from an object URL that is revoked when
 * the address changes or the component goes. Other addresses (public, data:, blob:) are answered
 * as they are. `failed` when the file could not be read (none stored, no right).
 */
export function useObjectUrl(src: string | null | undefined): { url: string | null; failed: boolean } {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const fetched = !!src && needsToken(src);

  useEffect(() => {
    if (!src || !fetched) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    api<Blob>(src, { responseType: 'blob', signal: controller.signal })
      .then((res) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(res.data);
        setLoaded({ src, url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, fetched]);

  if (!src) return { url: null, failed: false };
  if (!fetched) return { url: src, failed: false };
  return loaded?.src === src ? { url: loaded.url, failed: loaded.failed } : { url: null, failed: false };
}

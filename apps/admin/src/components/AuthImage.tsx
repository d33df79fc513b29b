import { Center, Image, type ImageProps, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getToken } from '../app/session';

/**
 * An image served by the API: fetched with the bearer token (an <img> cannot send it) and shown from
 * an object URL. Other URLs (public, data:, blob:) are shown as they are.
 */
export function AuthImage({
  src,
  alt,
  emptyText,
  ...rest
}: { src: string | null | undefined; alt: string; emptyText?: string } & ImageProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const needsToken = !!src && /^\/?api\//.test(src);

  useEffect(() => {
    setFailed(false);
    if (!src || !needsToken) {
      setUrl(src ?? null);
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(src.startsWith('/') ? src : `/${src}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, needsToken]);

  if (!src || failed) {
    return (
      <Center h={rest.h ?? 80} w={rest.w} bg="gray.0" style={{ borderRadius: 4 }}>
        <Text size="xs" c="dimmed" ta="center">
          <IconPhotoOff size={18} aria-hidden />
          <br />
          {emptyText}
        </Text>
      </Center>
    );
  }
  if (!url) return <Center h={rest.h ?? 80} w={rest.w} bg="gray.0" />;
  return <Image src={url} alt={alt} fit="contain" {...rest} />;
}

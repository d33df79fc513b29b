import { Center, Image, type ImageProps, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useObjectUrl } from '../api/useObjectUrl';

/**
 * An image served by the API (saved, perhaps unpublished: signed-in only, decision 0050): read with
 * the token through `useObjectUrl` and shown from an object URL. Other URLs (public, data:, blob:)
 * are shown as they are.
 */
export function AuthImage({
  src,
  alt,
  emptyText,
  ...rest
}: { src: string | null | undefined; alt: string; emptyText?: string } & ImageProps) {
  const { url, failed } = useObjectUrl(src);

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

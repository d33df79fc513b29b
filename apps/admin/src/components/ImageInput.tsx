import { Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@vellum/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';

const ALLOWED_EXTENSIONS = /\.(png|jpe?g|svg)$/i;

/** Whether a chosen file is a PNG, JPEG or SVG image by type and name (the server checks the content). */
export function isAllowedImage(file: File): boolean {
  const typeOk = (IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type) || file.type === 'image/jpg';
  return typeOk && ALLOWED_EXTENSIONS.test(file.name);
}

export interface ImageInputProps {
  label: string;
  description?: string;
  /** The current image (an API path or a public URL). */
  imageUrl: string | null | undefined;
  onUpload: (file: File) => Promise<unknown>;
  disabled?: boolean;
  previewHeight?: number;
}

/** Choose a PNG, JPEG or SVG image, see it, then upload it. */
export function ImageInput({ label, description, imageUrl, onUpload, disabled, previewHeight = 90 }: ImageInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the image's address stays the same after an upload: a revision makes the preview load it again
  const [revision, setRevision] = useState(0);
  const shownUrl = imageUrl && revision > 0 ? `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}r=${revision}` : imageUrl;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | null) => {
    setError(null);
    if (!f) return;
    if (!isAllowedImage(f)) {
      setFile(null);
      setError(t('components.imageInput.onlyImages'));
      return;
    }
    if (f.size > IMAGE_MAX_BYTES) {
      setFile(null);
      setError(t('components.imageInput.tooLarge', { max: IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setFile(f);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
      setRevision((r) => r + 1);
      setFile(null);
    } catch {
      // the global handler announces the failure; keep the file to retry
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <Paper withBorder p="sm" mt={4} radius="sm">
        <Stack gap="sm">
          <AuthImage
            src={preview ?? shownUrl}
            alt={label}
            h={previewHeight}
            emptyText={t('components.imageInput.noImage')}
            data-testid="image-preview"
          />
          {file && (
            <Text size="xs" c="dimmed" truncate>
              {file.name}
            </Text>
          )}
          {!disabled && (
            <Group gap="xs">
              <FileButton onChange={choose} accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg" disabled={busy}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" aria-label={t('components.imageInput.chooseFor', { label })}>
                    {t('components.imageInput.choose')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <>
                  <Button
                    size="xs"
                    leftSection={<IconUpload size={14} />}
                    onClick={upload}
                    loading={busy}
                    aria-label={t('components.imageInput.uploadFor', { label })}
                  >
                    {t('components.imageInput.upload')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconX size={14} />}
                    onClick={() => setFile(null)}
                    disabled={busy}
                  >
                    {t('components.imageInput.discard')}
                  </Button>
                </>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}

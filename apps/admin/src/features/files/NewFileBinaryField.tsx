import { FileInput, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { FILE_BINARY_MAX_BYTES } from '@vellum/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../components/UploadProgress';
import { useUploadBinary } from './files.hooks';

/** What the file picker takes: the types the server accepts by content (decision 0034). */
export const BINARY_ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp,application/zip,.zip';

/**
 * The binary a new file's form takes with its fields: chosen with them, uploaded once the file is
 * saved, through the same call and the same checks as any upload (decision 0051).
 */
export function useNewFileBinary() {
  const upload = useUploadBinary();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const tooLarge = file !== null && file.size > FILE_BINARY_MAX_BYTES;

  /** Uploads the chosen binary (if any) to the file just created; a failure is announced and leaves the file without one. */
  const uploadTo = async (fileId: number) => {
    if (!file) return;
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    try {
      await upload.mutateAsync({
        fileId,
        file,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
        signal: controller.current.signal,
      });
    } catch {
      // the file is saved: its page shows it has no binary and offers the upload again
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };
  return { file, setFile, progress, tooLarge, uploadTo, cancel: () => controller.current?.abort() };
}

/** The binary field of a new file's form: optional, and it says so (without one, the binary is uploaded next). */
export function NewFileBinaryField({ binary }: { binary: ReturnType<typeof useNewFileBinary> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <FileInput
        label={t('files.fields.binary')}
        description={binary.file ? t('files.newBinary.chosen') : t('files.newBinary.next')}
        accept={BINARY_ACCEPT}
        value={binary.file}
        onChange={binary.setFile}
        clearable
        clearButtonProps={{ 'aria-label': t('files.newBinary.clear') }}
        leftSection={<IconUpload size={16} aria-hidden />}
        disabled={binary.progress !== null}
        error={binary.tooLarge ? t('files.binary.tooLarge') : undefined}
        data-testid="new-file-binary"
      />
      {binary.progress && <UploadProgress loaded={binary.progress.loaded} total={binary.progress.total} onCancel={binary.cancel} />}
    </Stack>
  );
}

import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DocumentFile, FILE_BINARY_MAX_BYTES } from '@vellum/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../../components/AuthImage';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormSection } from '../../components/FormSection';
import { UploadProgress } from '../../components/UploadProgress';
import { binaryUrl } from './binaryUrl';
import { formatBytes } from './fileForm';
import { downloadBinary, useDeleteBinary, useUploadBinary } from './files.hooks';
import { BINARY_ACCEPT } from './NewFileBinaryField';

/**
 * The binary of the file's current version: upload (with a progress bar and cancel), download,
 * delete (confirmed) and an image preview. A published or scheduled version keeps its binary.
 */
export function FileBinaryPanel({ file, readOnly }: { file: DocumentFile; readOnly: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadBinary(file.id);
  const remove = useDeleteBinary(file.id);
  const { ask, dialog } = useConfirm();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const binary = file.binary;
  const frozen = file.publishState !== 'UNPUBLISHED';
  const editable = !readOnly && !frozen;

  const start = async (chosen: File | null) => {
    if (!chosen) return;
    setMessage(null);
    if (chosen.size > FILE_BINARY_MAX_BYTES) {
      setMessage(t('files.binary.tooLarge'));
      return;
    }
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: chosen.size });
    try {
      await upload.mutateAsync({
        file: chosen,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
        signal: controller.current.signal,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setMessage(t('components.upload.cancelled'));
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const onDelete = () =>
    ask({
      title: t('files.binary.delete.title', { name: binary?.name }),
      message: t('files.binary.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: () => remove.mutateAsync(undefined),
    });

  return (
    <FormSection title={t('files.binary.title', { version: file.versionLabel })}>
      <Stack gap="sm" data-testid="file-binary">
        {binary ? (
          <Group gap="md">
            <Stack gap={0}>
              <Text fw={500}>{binary.name}</Text>
              <Text size="sm" c="dimmed">
                {t('files.binary.details', { size: formatBytes(binary.size), type: binary.mediaType })}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="dimmed">{t('files.binary.none')}</Text>
        )}
        {binary?.mediaType.startsWith('image/') && (
          <AuthImage
            src={binaryUrl(file.id, undefined, true)}
            alt={t('files.binary.preview', { name: binary.name })}
            maw={360}
            mah={240}
            fit="contain"
          />
        )}
        {progress && <UploadProgress loaded={progress.loaded} total={progress.total} onCancel={() => controller.current?.abort()} />}
        {message && (
          <Text size="sm" c="orange" role="status">
            {message}
          </Text>
        )}
        {frozen && !readOnly && (
          <Text size="sm" c="dimmed">
            {t('files.binary.frozen')}
          </Text>
        )}
        <Group gap="xs">
          {editable && (
            <FileButton onChange={(f) => void start(f)} accept={BINARY_ACCEPT} disabled={!!progress}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={!!progress}>
                  {binary ? t('files.binary.replace') : t('files.binary.upload')}
                </Button>
              )}
            </FileButton>
          )}
          {binary && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadBinary(binaryUrl(file.id), binary.name)}
            >
              {t('files.binary.download')}
            </Button>
          )}
          {binary && editable && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={!!progress}>
              {t('files.binary.delete.action')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('files.binary.hint')}
        </Text>
      </Stack>
      {dialog}
    </FormSection>
  );
}

import { ActionIcon, Anchor, Button, CopyButton, FileButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconTrash, IconUpload } from '@tabler/icons-react';
import { PUBLIC_RESOURCE_MAX_BYTES, type PublicResource, publicResourceName } from '@vellum/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { pageLocally, useTableState } from '../../components/tableState';
import { UploadProgress } from '../../components/UploadProgress';
import { downloadBinary } from '../files';
import { serverError } from './serverError';
import { useDeleteResource, usePublicResources, useUploadResource } from './websiteLayout.hooks';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,image/webp,font/woff,font/woff2,application/pdf,.woff,.woff2';
const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** /my-business-units/:id/website-configuration/public-resources: files the unit's CSS and content reference. */
export function PublicResourcesPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const resources = usePublicResources(unitId);
  const upload = useUploadResource(unitId);
  const remove = useDeleteResource();
  const { ask, dialog } = useConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const page = pageLocally(resources.data, state, {
    searchText: (r) => r.name,
    sortValue: (r, f) => (f === 'size' ? r.size : f === 'type' ? r.mediaType : r.name.toLowerCase()),
  });
  const nameError = name && !publicResourceName.safeParse(name).success ? t('websiteLayout.resources.badName') : undefined;
  const sizeError = file && file.size > PUBLIC_RESOURCE_MAX_BYTES ? t('websiteLayout.resources.tooLarge') : undefined;
  const pick = (f: File | null) => {
    setCancelled(false);
    setFile(f);
    upload.reset();
    if (f) setName(f.name.replace(/[^A-Za-z0-9._-]/g, '-'));
  };
  const submit = async () => {
    if (!file) return;
    setCancelled(false);
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: file.size });
    try {
      await upload.mutateAsync({
        file,
        name,
        signal: controller.current.signal,
        onProgress: (loaded, total) => setProgress({ loaded, total }),
      });
      setFile(null);
      setName('');
    } catch (e) {
      // a cancelled upload is not an error: it stored nothing
      if (e instanceof DOMException && e.name === 'AbortError') {
        upload.reset();
        setCancelled(true);
      }
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const columns: Column<PublicResource>[] = [
    {
      key: 'name',
      header: t('websiteLayout.resources.name'),
      sortable: true,
      // a saved resource is no public file (decision 0050): read with the token, then downloaded
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          onClick={() => void downloadBinary(r.url, r.name)}
          title={t('websiteLayout.resources.download', { name: r.name })}
        >
          {r.name}
        </Anchor>
      ),
    },
    { key: 'type', header: t('websiteLayout.resources.type'), sortable: true, render: (r) => r.mediaType },
    { key: 'size', header: t('websiteLayout.resources.size'), sortable: true, align: 'right', render: (r) => kB(r.size) },
    {
      key: 'reference',
      header: t('websiteLayout.resources.reference'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Text ff="monospace" size="xs">
            {r.cssReference}
          </Text>
          <CopyButton value={r.cssReference}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('websiteLayout.resources.copied') : t('websiteLayout.resources.copy')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('websiteLayout.resources.copyOf', { name: r.name })}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('components.dataTable.actions'),
      align: 'right',
      render: (r) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('websiteLayout.resources.deleteOf', { name: r.name })}
          onClick={() =>
            ask({
              title: t('websiteLayout.resources.deleteTitle', { name: r.name }),
              message: t('websiteLayout.resources.deleteMessage'),
              confirmLabel: t('components.confirm.delete'),
              onConfirm: () => remove.mutateAsync(r),
            })
          }
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('websiteLayout.resources.title')} description={t('websiteLayout.resources.description')} />
      <Stack>
        <FormSection title={t('websiteLayout.resources.upload')}>
          <Group align="flex-end">
            <FileButton onChange={pick} accept={ACCEPT}>
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
                  {file ? file.name : t('websiteLayout.resources.choose')}
                </Button>
              )}
            </FileButton>
            <TextInput
              label={t('websiteLayout.resources.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              disabled={!file}
            />
            <Button onClick={() => void submit()} loading={upload.isPending} disabled={!file || !name || !!nameError || !!sizeError}>
              {t('websiteLayout.resources.uploadButton')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('websiteLayout.resources.hint')}
          </Text>
          {progress && (
            <Stack mt="xs">
              <UploadProgress loaded={progress.loaded} total={progress.total} onCancel={() => controller.current?.abort()} />
            </Stack>
          )}
          {cancelled && (
            <Text size="sm" c="orange" role="status" mt="xs">
              {t('components.upload.cancelled')}
            </Text>
          )}
          {(sizeError || upload.error) && <ProblemAlert mt="xs">{sizeError ?? serverError(t, upload.error)}</ProblemAlert>}
          {remove.error && <ProblemAlert mt="xs">{serverError(t, remove.error)}</ProblemAlert>}
        </FormSection>
        <DataTable
          label={t('websiteLayout.resources.title')}
          columns={columns}
          rows={page.rows}
          total={resources.data ? page.total : undefined}
          rowKey={(r) => r.id}
          state={state}
          loading={resources.isPending}
          error={resources.error}
          onRetry={() => void resources.refetch()}
          searchable
          searchLabel={t('websiteLayout.resources.search')}
          emptyMessage={state.search ? undefined : t('websiteLayout.resources.empty')}
        />
      </Stack>
      {dialog}
    </>
  );
}

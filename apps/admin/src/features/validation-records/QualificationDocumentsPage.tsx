import { ActionIcon, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { QualificationDocument } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/notify';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { pageLocally, useTableState } from '../../components/tableState';
import { formatDate, formatDateTime } from '../../i18n/format';
import { QualificationDocumentForm } from './QualificationDocumentForm';
import { downloadQualificationDocument, useDeleteQualificationDocument, useQualificationDocuments } from './qualificationDocuments.hooks';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const download = (doc: QualificationDocument) => void downloadQualificationDocument(doc).catch(handleApiError);

/**
 * general settings → qualification documents (issue 24, decision 0077): the organisation's own IQ,
 * OQ and PQ documents, uploaded here and listed on the validation records page with their SHA-256.
 */
export function QualificationDocumentsPage() {
  const { t } = useTranslation();
  const documents = useQualificationDocuments();
  const remove = useDeleteQualificationDocument();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'kind', direction: 'asc' } });
  const page = pageLocally(documents.data, state, {
    searchText: (d) => `${d.kind} ${d.title} ${d.version} ${d.fileName} ${d.sha256}`,
    sortValue: (d, field) =>
      field === 'size' ? d.size : field === 'kind' ? `${d.kind} ${d.approvalDate}` : String(d[field as keyof QualificationDocument] ?? ''),
  });

  const columns: Column<QualificationDocument>[] = [
    {
      key: 'kind',
      header: t('qualificationDocuments.fields.kind'),
      sortable: true,
      width: 70,
      render: (d) => <Badge variant="light">{d.kind}</Badge>,
    },
    { key: 'title', header: t('qualificationDocuments.fields.title'), sortable: true, render: (d) => d.title },
    { key: 'version', header: t('qualificationDocuments.fields.version'), sortable: true, render: (d) => d.version },
    {
      key: 'approvalDate',
      header: t('qualificationDocuments.fields.approvalDate'),
      sortable: true,
      render: (d) => formatDate(d.approvalDate),
    },
    {
      key: 'fileName',
      header: t('qualificationDocuments.fields.file'),
      sortable: true,
      render: (d) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            onClick={() => download(d)}
            title={t('qualificationDocuments.downloadOf', { name: d.fileName })}
          >
            {d.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {sizeText(d.size)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'sha256',
      header: t('qualificationDocuments.fields.sha256'),
      render: (d) => (
        <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }} data-testid="qualification-sha256">
          {d.sha256}
        </Text>
      ),
    },
    {
      key: 'uploadedDate',
      header: t('qualificationDocuments.fields.uploaded'),
      sortable: true,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(d.uploadedDate)}</Text>
          <Text size="xs" c="dimmed">
            {d.uploadedBy}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('components.dataTable.actions'),
      align: 'right',
      render: (d) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('qualificationDocuments.downloadOf', { name: d.fileName })}
            onClick={() => download(d)}
          >
            <IconDownload size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('qualificationDocuments.deleteOf', { title: d.title })}
            data-testid="qualification-delete"
            onClick={() =>
              ask({
                title: t('qualificationDocuments.deleteTitle', { title: d.title }),
                message: t('qualificationDocuments.deleteMessage', { kind: d.kind, version: d.version }),
                confirmLabel: t('components.confirm.delete'),
                onConfirm: () => remove.mutateAsync(d),
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('qualificationDocuments.title')} description={t('qualificationDocuments.description')} />
      <Stack gap="lg">
        <FormSection title={t('qualificationDocuments.uploadTitle')} description={t('qualificationDocuments.uploadHelp')}>
          <QualificationDocumentForm />
        </FormSection>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('qualificationDocuments.listTitle')}
          </Title>
          <DataTable
            label={t('qualificationDocuments.listTitle')}
            columns={columns}
            rows={page.rows}
            total={documents.data ? page.total : undefined}
            rowKey={(d) => d.id}
            state={state}
            loading={documents.isPending}
            error={documents.error}
            onRetry={() => void documents.refetch()}
            searchable
            searchLabel={t('qualificationDocuments.search')}
            emptyMessage={state.search ? undefined : t('qualificationDocuments.empty')}
          />
        </Stack>
      </Stack>
      {dialog}
    </>
  );
}

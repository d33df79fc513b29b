import { Anchor, Text } from '@mantine/core';
import type { ArchivedFile } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RestoreAction } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { filePaths } from '../../paths/files';
import { useAuth } from '../../platform/auth';
import { useArchivedFiles, useArchiveFile } from './files.hooks';

/** Administration › archived documents: the unit's archived files with their document, each with Restore. */
export function ArchivedDocumentsPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const canRestore = useAuth().hasRight('DOCUMENT_MANAGE', unitId);
  const files = useArchivedFiles(unitId);
  const archive = useArchiveFile();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'archiveDate', direction: 'desc' } });
  const page = pageLocally(files.data, state, {
    searchText: (f) => `${f.name} ${f.documentNumber} ${f.documentName} ${f.versionLabel}`,
    sortValue: (f, field) =>
      field === 'document' ? f.documentNumber.toLowerCase() : field === 'archiveDate' ? (f.archiveDate ?? '') : f.name.toLowerCase(),
  });

  const restore = (f: ArchivedFile) =>
    ask({
      title: t('files.restore.title', { name: f.name }),
      message: t('files.restore.message'),
      confirmLabel: t('files.restore.confirm'),
      color: 'blue',
      onConfirm: () => archive.mutateAsync({ id: f.id, archiveDate: null, version: f.version }),
    });

  const columns: Column<ArchivedFile>[] = [
    {
      key: 'name',
      header: t('files.fields.name'),
      sortable: true,
      render: (f) => (
        <Anchor component={Link} to={filePaths.edit(unitId, f.documentId, f.id)} fw={500}>
          {f.name}
        </Anchor>
      ),
    },
    {
      key: 'document',
      header: t('files.archivedPage.document'),
      sortable: true,
      render: (f) => (
        <Text size="sm">
          {f.documentNumber} — {f.documentName}
        </Text>
      ),
    },
    { key: 'versionLabel', header: t('files.fields.versionLabel'), render: (f) => f.versionLabel },
    { key: 'archiveDate', header: t('files.fields.archiveDate'), sortable: true, render: (f) => formatDateTime(f.archiveDate) },
    actionsColumn(t('components.dataTable.actions'), (f) =>
      canRestore ? (
        <RestoreAction label={t('files.restore.action')} named={t('files.restore.named', { name: f.name })} onClick={() => restore(f)} />
      ) : null,
    ),
  ];

  return (
    <>
      <PageHeader title={t('files.archivedPage.title')} description={t('files.archivedPage.description')} />
      <DataTable
        label={t('files.archivedPage.title')}
        columns={columns}
        rows={page.rows}
        total={files.data ? page.total : undefined}
        rowKey={(f) => f.id}
        state={state}
        loading={files.isPending}
        error={files.error}
        onRetry={() => void files.refetch()}
        searchable
        searchLabel={t('files.archivedPage.search')}
        emptyMessage={state.search ? undefined : t('files.archivedPage.empty')}
      />
      {dialog}
    </>
  );
}

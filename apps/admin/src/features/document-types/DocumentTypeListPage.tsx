import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DocumentType } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BooleanBadge } from '../../components/BooleanBadge';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { documentTypePaths } from '../../paths/documentTypes';
import { useAuth } from '../../platform/auth';
import { AudienceBadges } from './AudienceBadges';
import { useDeleteDocumentType, useDocumentTypes } from './documentTypes.hooks';

/** backend-configuration/document-type: the unit's document types (server paging, sorting, search). */
export function DocumentTypeListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const auth = useAuth();
  const canManage = auth.hasRight('DOCUMENT_TYPE_MANAGE', unitId);
  const canDelete = auth.hasRight('DOCUMENT_TYPE_DELETE', unitId);
  const state = useTableState({ defaultSort: { field: 'sortNumber', direction: 'asc' } });
  const types = useDocumentTypes({ businessUnitId: unitId, ...pageParams(state), search: state.search || undefined });
  const remove = useDeleteDocumentType();
  const { ask, dialog } = useConfirm();
  const base = documentTypePaths.list(unitId);

  const columns: Column<DocumentType>[] = [
    {
      key: 'name',
      header: t('documentTypes.fields.name'),
      sortable: true,
      render: (d) => (
        <Anchor component={Link} to={`${base}/${d.id}`} fw={500}>
          {d.name}
        </Anchor>
      ),
    },
    { key: 'sortNumber', header: t('documentTypes.fields.sortNumber'), sortable: true, align: 'right', render: (d) => d.sortNumber },
    { key: 'audiences', header: t('documentTypes.fields.audiences'), render: (d) => <AudienceBadges hcp={d.hcp} patient={d.patient} /> },
    { key: 'active', header: t('documentTypes.fields.active'), sortable: true, render: (d) => <BooleanBadge value={d.active} /> },
    actionsColumn(t('components.dataTable.actions'), (d) => (
      <RowActions
        name={d.name}
        editTo={`${base}/${d.id}`}
        onDelete={
          canDelete
            ? () =>
                ask({
                  title: t('documentTypes.delete.title', { name: d.name }),
                  message: t('documentTypes.delete.message'),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(d.id),
                })
            : undefined
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('documentTypes.title')}
        description={t('documentTypes.description')}
        actions={
          canManage && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
              {t('documentTypes.create')}
            </Button>
          )
        }
      />
      <DataTable
        label={t('documentTypes.title')}
        columns={columns}
        {...listTableProps(types)}
        rowKey={(d) => d.id}
        state={state}
        searchable
        searchLabel={t('documentTypes.search')}
        emptyMessage={state.search ? t('components.dataTable.noMatch') : t('documentTypes.empty')}
      />
      {dialog}
    </>
  );
}

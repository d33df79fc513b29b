import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PublicUserGroup } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BooleanBadge } from '../../components/BooleanBadge';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { restrictedAccessPaths } from '../../paths/restrictedAccess';
import { useBusinessUnit } from '../business-units';
import { GroupsDisabledNotice } from './GroupsDisabledNotice';
import { type GroupToDelete, PublicUserGroupDeleteDialog } from './PublicUserGroupDeleteDialog';
import { useDeletePublicUserGroup, usePublicUserGroups } from './restrictedAccess.hooks';

/** document-management/restricted-access: the unit's restricted user groups (server paging, sorting, search). */
export function PublicUserGroupListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const unit = useBusinessUnit(unitId);
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const groups = usePublicUserGroups({ businessUnitId: unitId, ...pageParams(state), search: state.search || undefined });
  const remove = useDeletePublicUserGroup();
  const [toDelete, setToDelete] = useState<GroupToDelete | null>(null);
  const base = restrictedAccessPaths.groups(unitId);
  const disabled = unit.data?.publicUserGroupActive === false;

  const columns: Column<PublicUserGroup>[] = [
    {
      key: 'name',
      header: t('restrictedAccess.fields.name'),
      sortable: true,
      render: (g) => (
        <Anchor component={Link} to={`${base}/${g.id}`} fw={500}>
          {g.name}
        </Anchor>
      ),
    },
    { key: 'enabled', header: t('restrictedAccess.fields.enabled'), sortable: true, render: (g) => <BooleanBadge value={g.enabled} /> },
    {
      key: 'emails',
      header: t('restrictedAccess.fields.emails'),
      align: 'right',
      render: (g) => <Badge variant="light">{g.emails.length}</Badge>,
    },
    {
      key: 'documents',
      header: t('restrictedAccess.fields.documents'),
      render: (g) =>
        g.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('restrictedAccess.noDocuments')}
          </Text>
        ) : (
          <Text size="sm" lineClamp={2}>
            {g.documents.map((d) => d.number).join(', ')}
          </Text>
        ),
    },
    actionsColumn(t('components.dataTable.actions'), (g) => (
      <RowActions
        name={g.name}
        editTo={`${base}/${g.id}`}
        onDelete={() => setToDelete({ id: g.id, name: g.name, documentCount: g.documents.length })}
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('restrictedAccess.title')}
        description={t('restrictedAccess.description')}
        actions={
          !disabled && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
              {t('restrictedAccess.create')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        {disabled && <GroupsDisabledNotice unitId={unitId} />}
        <DataTable
          label={t('restrictedAccess.title')}
          columns={columns}
          {...listTableProps(groups)}
          rowKey={(g) => g.id}
          state={state}
          searchable
          searchLabel={t('restrictedAccess.search')}
          emptyMessage={state.search ? t('components.dataTable.noMatch') : t('restrictedAccess.empty')}
        />
      </Stack>
      <PublicUserGroupDeleteDialog
        group={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={(g, unlinkDocuments) => remove.mutateAsync({ id: g.id, unlinkDocuments })}
      />
    </>
  );
}

import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import type { Role } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { useDeleteRole, useRoles } from './roles.hooks';

export function RoleListPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const remove = useDeleteRole();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const page = pageLocally(roles.data, state, {
    searchText: (r) => `${r.name} ${r.description ?? ''}`,
    sortValue: (r, f) => (f === 'rights' ? r.accessRights.length : f === 'predefined' ? r.predefined : r.name),
  });

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: t('roles.fields.name'),
      sortable: true,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={r.predefined ? `${r.id}` : `${r.id}/edit`} fw={500}>
            {r.name}
          </Anchor>
          {r.predefined && (
            <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={10} />}>
              {t('roles.predefined')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'description',
      header: t('roles.fields.description'),
      render: (r) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {r.description}
        </Text>
      ),
    },
    { key: 'rights', header: t('roles.fields.rightCount'), sortable: true, align: 'right', render: (r) => r.accessRights.length },
    {
      key: 'groups',
      header: t('roles.fields.userGroups'),
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.userGroups.map((g) => g.name).join(', ') || '—'}
        </Text>
      ),
    },
    actionsColumn(t('components.dataTable.actions'), (r) =>
      r.predefined ? null : (
        <RowActions
          name={r.name}
          editTo={`${r.id}/edit`}
          onDelete={() =>
            ask({
              title: t('roles.delete.title', { name: r.name }),
              message: r.userGroups.length ? t('roles.delete.inUse', { count: r.userGroups.length }) : t('roles.delete.message'),
              confirmLabel: t('components.confirm.delete'),
              onConfirm: () => remove.mutateAsync(r.id),
            })
          }
        />
      ),
    ),
  ];

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        actions={
          <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
            {t('roles.create')}
          </Button>
        }
      />
      <DataTable
        label={t('roles.title')}
        columns={columns}
        rows={page.rows}
        total={roles.data ? page.total : undefined}
        rowKey={(r) => r.id}
        state={state}
        loading={roles.isPending}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        searchable
        searchLabel={t('roles.search')}
      />
      {dialog}
    </>
  );
}

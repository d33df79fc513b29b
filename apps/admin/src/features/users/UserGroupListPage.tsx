import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconShieldLock } from '@tabler/icons-react';
import type { UserGroup } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CanAccess } from '../../components/CanAccess';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { useAuth } from '../../platform/auth';
import { groupUnitsLabel } from './businessUnitLabels';
import { useDeleteUserGroup, useUserGroups } from './userGroups.hooks';

export function UserGroupListPage() {
  const { t } = useTranslation();
  const groups = useUserGroups();
  // reading needs USER_MANAGE or ROLE_MANAGE, changing needs USER_MANAGE
  const canWrite = useAuth().hasRight('USER_MANAGE');
  const remove = useDeleteUserGroup();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const page = pageLocally(groups.data, state, {
    searchText: (g) => `${g.name} ${g.role.name} ${groupUnitsLabel(g, t)}`,
    sortValue: (g, f) => (f === 'role' ? g.role.name : f === 'members' ? g.users.length : g.name),
  });

  const columns: Column<UserGroup>[] = [
    {
      key: 'name',
      header: t('userGroups.fields.name'),
      sortable: true,
      render: (g) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`${g.id}/edit`} fw={500}>
            {g.name}
          </Anchor>
          {g.superAdmin && (
            <Badge size="sm" variant="light" color="grape" leftSection={<IconShieldLock size={10} />}>
              {t('userGroups.superAdmin')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'role', header: t('userGroups.fields.role'), sortable: true, render: (g) => g.role.name },
    {
      key: 'units',
      header: t('userGroups.fields.businessUnits'),
      render: (g) =>
        g.allBusinessUnits ? (
          <Badge variant="light" size="sm">
            {t('userGroups.allBusinessUnits')}
          </Badge>
        ) : (
          <Text size="sm" lineClamp={2}>
            {groupUnitsLabel(g, t) || '—'}
          </Text>
        ),
    },
    { key: 'members', header: t('userGroups.fields.memberCount'), sortable: true, align: 'right', render: (g) => g.users.length },
    actionsColumn(t('components.dataTable.actions'), (g) => (
      <RowActions
        name={g.name}
        editTo={canWrite ? `${g.id}/edit` : undefined}
        onDelete={
          g.superAdmin || !canWrite
            ? undefined
            : () =>
                ask({
                  title: t('userGroups.delete.title', { name: g.name }),
                  message: t('userGroups.delete.message', { count: g.users.length }),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(g.id),
                })
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('userGroups.title')}
        description={t('userGroups.description')}
        actions={
          <CanAccess right="USER_MANAGE">
            <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
              {t('userGroups.create')}
            </Button>
          </CanAccess>
        }
      />
      <DataTable
        label={t('userGroups.title')}
        columns={columns}
        rows={page.rows}
        total={groups.data ? page.total : undefined}
        rowKey={(g) => g.id}
        state={state}
        loading={groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        searchable
        searchLabel={t('userGroups.search')}
      />
      {dialog}
    </>
  );
}

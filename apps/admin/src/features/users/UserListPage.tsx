import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconPlus, IconRobot } from '@tabler/icons-react';
import type { User } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BooleanBadge } from '../../components/BooleanBadge';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { useAuth } from '../../platform/auth';
import { useDeleteUser, useUsers } from './users.hooks';

export function UserListPage() {
  const { t } = useTranslation();
  const { account } = useAuth();
  const state = useTableState({ defaultSort: { field: 'login', direction: 'asc' } });
  const users = useUsers({ ...pageParams(state), search: state.search || undefined });
  const remove = useDeleteUser();
  const { ask, dialog } = useConfirm();

  const columns: Column<User>[] = [
    {
      key: 'login',
      header: t('users.fields.login'),
      sortable: true,
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`${u.id}/edit`} fw={500}>
            {u.login}
          </Anchor>
          {u.technicalAccount && (
            <Badge size="xs" variant="light" color="indigo" leftSection={<IconRobot size={10} />}>
              {t('users.technical')}
            </Badge>
          )}
          {u.ssoOnly && (
            <Badge size="xs" variant="light" color="teal">
              {t('users.ssoOnly')}
            </Badge>
          )}
          {account?.id === u.id && (
            <Badge size="xs" variant="outline" color="gray">
              {t('users.you')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'name',
      header: t('users.fields.name'),
      sortable: true,
      sortField: 'lastName',
      render: (u) => u.fullName || <Text c="dimmed">—</Text>,
    },
    { key: 'email', header: t('users.fields.email'), sortable: true, render: (u) => u.email },
    {
      key: 'groups',
      header: t('users.fields.userGroups'),
      render: (u) =>
        u.userGroups.length ? (
          <Stack gap={2}>
            {u.userGroups.map((g) => (
              <Text key={g.id} size="sm">
                {g.name}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">—</Text>
        ),
    },
    {
      key: 'activated',
      header: t('users.fields.activated'),
      sortable: true,
      render: (u) => <BooleanBadge value={u.activated} yes={t('users.status.active')} no={t('users.status.inactive')} />,
    },
    {
      key: 'locked',
      header: t('users.fields.locked'),
      render: (u) =>
        u.locked ? (
          <Badge color="red" variant="light" size="sm" leftSection={<IconLock size={10} />}>
            {t('users.status.locked')}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('components.no')}
          </Text>
        ),
    },
    actionsColumn(t('components.dataTable.actions'), (u) => (
      <RowActions
        name={u.login}
        editTo={`${u.id}/edit`}
        deleteDisabledReason={account?.id === u.id ? t('users.cannotDeleteSelf') : undefined}
        onDelete={() =>
          ask({
            title: t('users.delete.title', { name: u.login }),
            message: t('users.delete.message'),
            confirmLabel: t('components.confirm.delete'),
            onConfirm: () => remove.mutateAsync(u.id),
          })
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
            {t('users.create')}
          </Button>
        }
      />
      <DataTable
        label={t('users.title')}
        columns={columns}
        {...listTableProps(users)}
        rowKey={(u) => u.id}
        state={state}
        searchable
        searchLabel={t('users.search')}
      />
      {dialog}
    </>
  );
}

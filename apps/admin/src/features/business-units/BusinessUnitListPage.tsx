import { Anchor, Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { BusinessUnit } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthImage } from '../../components/AuthImage';
import { BooleanBadge } from '../../components/BooleanBadge';
import { CanAccess } from '../../components/CanAccess';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { languageName } from '../../i18n/format';
import { useAuth } from '../../platform/auth';
import { useBusinessUnits, useDeleteBusinessUnit } from './businessUnits.hooks';

export function BusinessUnitListPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const units = useBusinessUnits();
  const remove = useDeleteBusinessUnit();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'displayName', direction: 'asc' } });
  const page = pageLocally(units.data, state, {
    searchText: (u) => `${u.displayName} ${u.slug}`,
    sortValue: (u, f) => (f === 'slug' ? u.slug : f === 'active' ? u.active : u.displayName),
  });

  const columns: Column<BusinessUnit>[] = [
    {
      key: 'logo',
      header: <VisuallyHidden>{t('businessUnits.fields.logo')}</VisuallyHidden>,
      width: 110,
      render: (u) => (u.logoUrl ? <AuthImage src={u.logoUrl} alt="" h={24} w={96} /> : null),
    },
    {
      key: 'displayName',
      header: t('businessUnits.fields.displayName'),
      sortable: true,
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          {u.mainColor && (
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: u.mainColor, display: 'inline-block' }} />
          )}
          <Anchor component={Link} to={`${u.id}/edit`} fw={500}>
            {u.displayName}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'slug',
      header: t('businessUnits.fields.slug'),
      sortable: true,
      render: (u) => (
        <Text size="sm" ff="monospace">
          {u.slug}
        </Text>
      ),
    },
    {
      key: 'active',
      header: t('businessUnits.fields.status'),
      sortable: true,
      render: (u) => <BooleanBadge value={u.active} yes={t('businessUnits.status.active')} no={t('businessUnits.status.inactive')} />,
    },
    {
      key: 'languages',
      header: t('businessUnits.fields.interfaceLanguages'),
      render: (u) => (
        <Group gap={4}>
          {u.interfaceLanguages.map((l) => (
            <Badge key={l} size="xs" variant="outline" color="gray" tt="none">
              {languageName(l)}
            </Badge>
          ))}
        </Group>
      ),
    },
    actionsColumn(t('components.dataTable.actions'), (u) => (
      <RowActions
        name={u.displayName}
        editTo={`${u.id}/edit`}
        onDelete={
          auth.hasRight('BUSINESS_UNIT_DELETE')
            ? () =>
                ask({
                  title: t('businessUnits.delete.title', { name: u.displayName }),
                  message: t('businessUnits.delete.message'),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(u.id),
                })
            : undefined
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('businessUnits.title')}
        description={t('businessUnits.description')}
        actions={
          <CanAccess right="BUSINESS_UNIT_CREATE">
            <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
              {t('businessUnits.create')}
            </Button>
          </CanAccess>
        }
      />
      <DataTable
        label={t('businessUnits.title')}
        columns={columns}
        rows={page.rows}
        total={units.data ? page.total : undefined}
        rowKey={(u) => u.id}
        state={state}
        loading={units.isPending}
        error={units.error}
        onRetry={() => void units.refetch()}
        searchable
        searchLabel={t('businessUnits.search')}
      />
      {dialog}
    </>
  );
}

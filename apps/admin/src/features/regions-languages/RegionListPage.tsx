import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import type { Region } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { regionsLanguagesPaths } from '../../paths/regionsLanguages';
import { useAuth } from '../../platform/auth';
import { type RegionKind, useCountries, useDeleteRegion, useRegions } from './regionsLanguages.hooks';
import { REGION_RIGHT } from './rights';

/** The regions of a kind of a unit (unit 0: the manufacturer's); inherited ones are marked and read-only. */
export function RegionListPage({ kind, unitId, tabs }: { kind: RegionKind; unitId: number; tabs?: React.ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const canManage = auth.hasRight(REGION_RIGHT[kind], unitId);
  const regions = useRegions(kind, unitId);
  const countries = useCountries();
  const remove = useDeleteRegion(kind);
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const base = regionsLanguagesPaths.regions(kind, unitId);
  const inherited = unitId !== 0 && (regions.data ?? []).some((r) => r.businessUnitId !== unitId);
  const names = new Map((countries.data ?? []).map((c) => [c.isoCode, c.name]));
  const countryNames = (r: Region) => r.countryIds.map((c) => names.get(c) ?? c).join(', ');
  const page = pageLocally(regions.data, state, {
    searchText: (r) => `${r.name} ${countryNames(r)} ${r.countryIds.join(' ')}`,
    sortValue: (r, f) => (f === 'countries' ? r.countryIds.length : r.name),
  });

  const columns: Column<Region>[] = [
    {
      key: 'name',
      header: t('regionsLanguages.fields.name'),
      sortable: true,
      render: (r) =>
        r.businessUnitId === unitId ? (
          <Anchor component={Link} to={`${base}/${r.id}`} fw={500}>
            {r.name}
          </Anchor>
        ) : (
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {r.name}
            </Text>
            <Badge size="sm" variant="light" color="gray">
              {t('regionsLanguages.inherited')}
            </Badge>
          </Group>
        ),
    },
    {
      key: 'countries',
      header: t('regionsLanguages.fields.countryCount'),
      sortable: true,
      align: 'right',
      render: (r) => r.countryIds.length,
    },
    {
      key: 'countryNames',
      header: t('regionsLanguages.fields.countries'),
      render: (r) => (
        <Text size="sm" lineClamp={2} maw={520}>
          {countryNames(r)}
        </Text>
      ),
    },
    actionsColumn(t('components.dataTable.actions'), (r) =>
      r.businessUnitId === unitId ? (
        <RowActions
          name={r.name}
          editTo={`${base}/${r.id}`}
          onDelete={
            canManage
              ? () =>
                  ask({
                    title: t('regionsLanguages.regions.delete.title', { name: r.name }),
                    message: t('regionsLanguages.regions.delete.message', { count: r.countryIds.length }),
                    confirmLabel: t('components.confirm.delete'),
                    onConfirm: () => remove.mutateAsync(r.id),
                  })
              : undefined
          }
        />
      ) : null,
    ),
  ];

  return (
    <>
      <PageHeader
        title={t(`regionsLanguages.regions.${kind}.title`)}
        description={t(`regionsLanguages.regions.${kind}.description`)}
        actions={
          canManage && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
              {t('regionsLanguages.regions.create')}
            </Button>
          )
        }
      />
      {tabs}
      {inherited && (
        <Alert icon={<IconInfoCircle size={18} />} color="blue" mb="md" data-testid="regions-inherited">
          {t('regionsLanguages.regions.inheritedNotice')}
        </Alert>
      )}
      <DataTable
        label={t(`regionsLanguages.regions.${kind}.title`)}
        columns={columns}
        rows={page.rows}
        total={regions.data ? page.total : undefined}
        rowKey={(r) => r.id}
        state={state}
        loading={regions.isPending}
        error={regions.error}
        onRetry={() => void regions.refetch()}
        searchable
        searchLabel={t('regionsLanguages.regions.search')}
        emptyMessage={state.search ? undefined : t('regionsLanguages.regions.empty')}
      />
      {dialog}
    </>
  );
}

import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RestoreAction } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { type LotRangeReview, useArchivedLotRanges, useArchiveLotRange } from './lotRanges.hooks';

/** How many lot numbers or products a cell lists before '+ n more'. */
const SHOWN = 5;

/** Administration › archived lot ranges of a business unit, each with Restore. */
export function ArchivedLotRangesPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const canRestore = useAuth().hasRight('PRODUCT_MANAGE', unitId);
  const ranges = useArchivedLotRanges(unitId);
  const archive = useArchiveLotRange();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'archiveDate', direction: 'desc' } });
  const page = pageLocally(ranges.data, state, {
    searchText: (r) => `${r.name} ${r.productTypeName} ${r.numbers.join(' ')} ${r.products.map((p) => p.keyCode).join(' ')}`,
    sortValue: (r, f) => (f === 'productType' ? r.productTypeName : f === 'archiveDate' ? (r.archiveDate ?? '') : r.name),
  });

  const restore = (r: LotRangeReview) =>
    ask({
      title: t('lotRanges.restore.title', { name: r.name }),
      message: t('lotRanges.restore.message'),
      confirmLabel: t('lotRanges.restore.confirm'),
      color: 'blue',
      onConfirm: () => archive.mutateAsync({ id: r.id, archiveDate: null, version: r.version }),
    });

  const more = (count: number) =>
    count > SHOWN ? (
      <Text span size="xs" c="dimmed">
        {t('lotRanges.more', { count: count - SHOWN })}
      </Text>
    ) : null;

  const columns: Column<LotRangeReview>[] = [
    { key: 'name', header: t('lotRanges.fields.name'), sortable: true, render: (r) => <Text fw={500}>{r.name}</Text> },
    { key: 'productType', header: t('lotRanges.fields.productType'), sortable: true, render: (r) => r.productTypeName },
    {
      key: 'numbers',
      header: t('lotRanges.fields.numbers'),
      render: (r) => (
        <Group gap={4}>
          {r.numbers.slice(0, SHOWN).map((n) => (
            <Badge key={n} size="sm" variant="outline" color="gray" tt="none">
              {n}
            </Badge>
          ))}
          {more(r.numbers.length)}
        </Group>
      ),
    },
    { key: 'archiveDate', header: t('lotRanges.fields.archiveDate'), sortable: true, render: (r) => formatDateTime(r.archiveDate) },
    {
      key: 'products',
      header: t('lotRanges.fields.products'),
      render: (r) =>
        r.appliesToAll ? (
          <Badge size="sm" variant="light">
            {t('lotRanges.allProducts')}
          </Badge>
        ) : r.products.length === 0 ? (
          <Text c="dimmed">—</Text>
        ) : (
          <Group gap={6}>
            {r.products.slice(0, SHOWN).map((p) => (
              <Anchor key={p.id} component={Link} to={productPaths.edit(r.businessUnitId, r.productTypeId, p.id)} size="sm">
                {p.keyCode}
              </Anchor>
            ))}
            {more(r.products.length)}
          </Group>
        ),
    },
    actionsColumn(t('components.dataTable.actions'), (r) =>
      canRestore ? (
        <RestoreAction
          label={t('lotRanges.restore.action')}
          named={t('lotRanges.restore.named', { name: r.name })}
          onClick={() => restore(r)}
        />
      ) : null,
    ),
  ];

  return (
    <>
      <PageHeader title={t('lotRanges.title')} description={t('lotRanges.description')} />
      <DataTable
        label={t('lotRanges.title')}
        columns={columns}
        rows={page.rows}
        total={ranges.data ? page.total : undefined}
        rowKey={(r) => r.id}
        state={state}
        loading={ranges.isPending}
        error={ranges.error}
        onRetry={() => void ranges.refetch()}
        searchable
        searchLabel={t('lotRanges.search')}
        emptyMessage={state.search ? undefined : t('lotRanges.empty')}
      />
      {dialog}
    </>
  );
}

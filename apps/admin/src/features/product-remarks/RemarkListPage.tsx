import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ProductRemark } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { remarkPaths } from '../../paths/productRemarks';
import { useAuth } from '../../platform/auth';
import { useDeleteProductRemark, useProductRemarks } from './productRemarks.hooks';

/** The product remarks of a business unit: name, order, audiences and the groups that show them. */
export function RemarkListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const auth = useAuth();
  const canManage = auth.hasRight('PRODUCT_REMARK_MANAGE', unitId);
  const canDelete = auth.hasRight('PRODUCT_REMARK_DELETE', unitId);
  const remarks = useProductRemarks(unitId);
  const remove = useDeleteProductRemark();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'order', direction: 'asc' } });
  const base = remarkPaths.list(unitId);
  const page = pageLocally(remarks.data, state, {
    searchText: (r) => r.name,
    sortValue: (r, f) => (f === 'order' ? r.visualizationOrder : f === 'groups' ? r.productGroups.length : r.name),
  });

  const columns: Column<ProductRemark>[] = [
    {
      key: 'name',
      header: t('productRemarks.fields.name'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`${base}/${r.id}`} fw={500}>
          {r.name}
        </Anchor>
      ),
    },
    { key: 'order', header: t('productRemarks.fields.order'), sortable: true, align: 'right', render: (r) => r.visualizationOrder },
    {
      key: 'audiences',
      header: t('productRemarks.fields.audiences'),
      render: (r) =>
        r.hcp || r.patient ? (
          <Group gap={4}>
            {r.hcp && (
              <Badge size="sm" variant="light" color="blue">
                {t('productRemarks.hcp')}
              </Badge>
            )}
            {r.patient && (
              <Badge size="sm" variant="light" color="grape">
                {t('productRemarks.patient')}
              </Badge>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('productRemarks.noAudience')}
          </Text>
        ),
    },
    {
      key: 'groups',
      header: t('productRemarks.fields.groupCount'),
      sortable: true,
      align: 'right',
      render: (r) => r.productGroups.length,
    },
    actionsColumn(t('components.dataTable.actions'), (r) => (
      <RowActions
        name={r.name}
        editTo={`${base}/${r.id}`}
        onDelete={
          canDelete
            ? () =>
                ask({
                  title: t('productRemarks.delete.title', { name: r.name }),
                  message: t('productRemarks.delete.message', { count: r.productGroups.length }),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(r.id),
                })
            : undefined
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('productRemarks.title')}
        description={t('productRemarks.description')}
        actions={
          canManage && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
              {t('productRemarks.create')}
            </Button>
          )
        }
      />
      <DataTable
        label={t('productRemarks.title')}
        columns={columns}
        rows={page.rows}
        total={remarks.data ? page.total : undefined}
        rowKey={(r) => r.id}
        state={state}
        loading={remarks.isPending}
        error={remarks.error}
        onRetry={() => void remarks.refetch()}
        searchable
        searchLabel={t('productRemarks.search')}
        emptyMessage={state.search ? undefined : t('productRemarks.empty')}
      />
      {dialog}
    </>
  );
}

import { Box, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ProductGroupListItem, ProductType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { type GroupToDelete, ProductGroupDeleteDialog } from './ProductGroupDeleteDialog';
import { OrphansSwitch, ProductManagementTabs } from './ProductManagementTabs';
import { ORPHANS_PARAM } from './productFilters';
import { groupNameColumn, productCountColumn, remarkCountColumn } from './productGroupColumns';
import { useDeleteProductGroup, useProductGroups } from './productGroups.hooks';

/** The product groups of a product type: name, product and remark counts; search; orphans. */
export function ProductGroupListPage({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const unitId = type.businessUnitId;
  const canManage = auth.hasRight('PRODUCT_MANAGE', unitId);
  const canDelete = auth.hasRight('PRODUCT_DELETE', unitId);
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const [params] = useSearchParams();
  const orphans = params.get(ORPHANS_PARAM) === 'true';
  const groups = useProductGroups({
    productTypeId: type.id,
    ...pageParams(state),
    search: state.search || undefined,
    orphansOnly: orphans,
  });
  const remove = useDeleteProductGroup();
  const [toDelete, setToDelete] = useState<GroupToDelete | null>(null);

  const columns: Column<ProductGroupListItem>[] = [
    groupNameColumn(t),
    productCountColumn(t),
    remarkCountColumn(t),
    actionsColumn(t('components.dataTable.actions'), (g) => (
      <RowActions
        name={g.name}
        editTo={productPaths.group(unitId, type.id, g.id)}
        onDelete={canDelete ? () => setToDelete({ id: g.id, name: g.name, productCount: g.productCount }) : undefined}
      />
    )),
  ];

  const empty = state.search ? (
    t('components.dataTable.noMatch')
  ) : orphans ? (
    t('productGroups.emptyOrphans')
  ) : (
    <>
      <Box component="span" display="block">
        {t('productGroups.empty')}
      </Box>
      {canManage && (
        <Button
          component={Link}
          to={productPaths.group(unitId, type.id, 'new')}
          variant="light"
          size="xs"
          mt="sm"
          leftSection={<IconPlus size={14} />}
        >
          {t('productGroups.create')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={type.name}
        description={t('productGroups.description')}
        actions={
          canManage && (
            <Button component={Link} to={productPaths.group(unitId, type.id, 'new')} leftSection={<IconPlus size={16} />}>
              {t('productGroups.create')}
            </Button>
          )
        }
      />
      <ProductManagementTabs businessUnitId={unitId} productTypeId={type.id} active="product-groups" />
      <DataTable
        label={t('productGroups.title', { type: type.name })}
        columns={columns}
        {...listTableProps(groups)}
        rowKey={(g) => g.id}
        state={state}
        searchable
        searchLabel={t('productGroups.search')}
        emptyMessage={empty}
        toolbar={<OrphansSwitch label={t('productGroups.onlyOrphans')} />}
      />
      <ProductGroupDeleteDialog
        group={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={(g, deleteType) => remove.mutateAsync({ id: g.id, deleteType })}
      />
    </>
  );
}

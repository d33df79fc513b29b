import { Box, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ProductListItem, ProductType } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { BulkExportButton, BulkUploadButton } from '../bulk';
import { ProductFilters } from './ProductFilters';
import { OrphansSwitch, ProductManagementTabs } from './ProductManagementTabs';
import { groupCountColumn, keyCodeColumn, publishStateColumn } from './productColumns';
import { filterFieldsOf, hasFilters, listAttributes, ORPHANS_PARAM, searchBodyOf } from './productFilters';
import { useDeleteProduct, useProductSearch } from './products.hooks';

/** The products of a product type: columns and filters from its attributes, server paging and sorting. */
export function ProductListPage({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const unitId = type.businessUnitId;
  const canManage = auth.hasRight('PRODUCT_MANAGE', unitId);
  const canDelete = auth.hasRight('PRODUCT_DELETE', unitId);
  const state = useTableState({ defaultSort: { field: 'keyCode', direction: 'asc' } });
  const [params] = useSearchParams();
  const fields = useMemo(() => filterFieldsOf(type, t('products.fields.keyCode')), [type, t]);
  const body = useMemo(() => searchBodyOf(fields, params, state.search), [fields, params, state.search]);
  const products = useProductSearch({ productTypeId: type.id, ...pageParams(state) }, body);
  const remove = useDeleteProduct();
  const { ask, dialog } = useConfirm();
  const attributes = useMemo(() => listAttributes(type), [type]);
  const filtered = !!state.search || hasFilters(fields, params);
  const orphans = params.get(ORPHANS_PARAM) === 'true';

  const columns: Column<ProductListItem>[] = [
    keyCodeColumn(t),
    ...attributes.map<Column<ProductListItem>>((d) => ({
      key: `attribute.${d.id}`,
      header: d.name,
      sortable: true,
      render: (p) => p.attributeValues.find((v) => v.attributeDefinitionId === d.id)?.value ?? <Text c="dimmed">—</Text>,
    })),
    publishStateColumn(t),
    groupCountColumn(t),
    actionsColumn(t('components.dataTable.actions'), (p) => (
      <RowActions
        name={p.keyCode}
        editTo={productPaths.edit(unitId, type.id, p.id)}
        onDelete={
          canDelete
            ? () =>
                ask({
                  title: t('products.delete.title', { name: p.keyCode }),
                  message: t('products.delete.message'),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(p.id),
                })
            : undefined
        }
      />
    )),
  ];

  const empty = filtered ? (
    t('components.dataTable.noMatch')
  ) : orphans ? (
    t('products.emptyOrphans')
  ) : (
    <>
      <Box component="span" display="block">
        {t('products.empty')}
      </Box>
      {canManage && (
        <Button
          component={Link}
          to={productPaths.edit(unitId, type.id, 'new')}
          variant="light"
          size="xs"
          mt="sm"
          leftSection={<IconPlus size={14} />}
        >
          {t('products.create')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={type.name}
        description={t('products.description')}
        actions={
          <>
            <BulkUploadButton businessUnitId={unitId} productTypeId={type.id} />
            <BulkExportButton businessUnitId={unitId} productTypeId={type.id} />
            {canManage && (
              <Button component={Link} to={productPaths.edit(unitId, type.id, 'new')} leftSection={<IconPlus size={16} />}>
                {t('products.create')}
              </Button>
            )}
          </>
        }
      />
      <ProductManagementTabs businessUnitId={unitId} productTypeId={type.id} active="products" />
      <DataTable
        label={t('products.title', { type: type.name })}
        columns={columns}
        {...listTableProps(products)}
        rowKey={(p) => p.id}
        state={state}
        searchable
        searchLabel={t('products.search')}
        emptyMessage={empty}
        toolbar={
          <>
            <ProductFilters fields={fields} />
            <OrphansSwitch label={t('products.onlyOrphans')} />
          </>
        }
      />
      {dialog}
    </>
  );
}

import type { ProductGroupListItem } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { useProductTypes } from '../product-types';
import { OrphansSwitch } from './ProductManagementTabs';
import { ORPHANS_PARAM } from './productFilters';
import { groupNameColumn, productCountColumn, remarkCountColumn } from './productGroupColumns';
import { useProductGroups } from './productGroups.hooks';
import { UnitProductManagementTabs } from './UnitProductManagementTabs';

/**
 * /my-business-units/{id}/product-management/product-groups: the product groups of every product
 * type of the unit (GET api/product-groups?business-unit=), with the orphans switch (?orphans=true)
 * the unit's home tile opens. Each row opens its group.
 */
export function UnitProductGroupListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const [params] = useSearchParams();
  const orphans = params.get(ORPHANS_PARAM) === 'true';
  const groups = useProductGroups({
    businessUnitId: unitId,
    ...pageParams(state),
    search: state.search || undefined,
    orphansOnly: orphans,
  });
  const types = useProductTypes(unitId);
  const typeNames = useMemo(() => new Map((types.data ?? []).map((p) => [p.id, p.name])), [types.data]);

  const columns: Column<ProductGroupListItem>[] = [
    groupNameColumn(t),
    { key: 'productType', header: t('unitCatalogue.productType'), render: (g) => typeNames.get(g.productTypeId) ?? '' },
    productCountColumn(t),
    remarkCountColumn(t),
  ];

  const empty = state.search
    ? t('components.dataTable.noMatch')
    : orphans
      ? t('productGroups.emptyOrphans')
      : t('unitCatalogue.productGroups.empty');

  return (
    <>
      <PageHeader
        title={orphans ? t('unitCatalogue.productGroups.titleOrphans') : t('unitCatalogue.productGroups.title')}
        description={t('unitCatalogue.productGroups.description')}
      />
      <UnitProductManagementTabs businessUnitId={unitId} active="product-groups" />
      <DataTable
        label={t('unitCatalogue.productGroups.table')}
        columns={columns}
        {...listTableProps(groups)}
        rowKey={(g) => g.id}
        state={state}
        searchable
        searchLabel={t('productGroups.search')}
        emptyMessage={empty}
        toolbar={<OrphansSwitch label={t('productGroups.onlyOrphans')} />}
      />
    </>
  );
}

import type { ProductListItem } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { ProductFilters } from './ProductFilters';
import { OrphansSwitch } from './ProductManagementTabs';
import { groupCountColumn, keyCodeColumn, lastModifiedColumn, publishStateColumn } from './productColumns';
import { hasFilters, ORPHANS_PARAM, STATE_PARAM, searchBodyOf } from './productFilters';
import { useProductSearch } from './products.hooks';
import { UnitProductManagementTabs } from './UnitProductManagementTabs';

const PUBLISH_TITLES = ['UNPUBLISHED', 'SCHEDULED', 'PUBLISHED'];

/**
 * /my-business-units/{id}/product-management/products: the products of every product type of the
 * unit (POST api/products/search?business-unit=), with the orphans switch (?orphans=true) and the
 * publish-state filter (?state=) the unit's home tiles open. Each row opens its product.
 */
export function UnitProductListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const state = useTableState({ defaultSort: { field: 'keyCode', direction: 'asc' } });
  const [params] = useSearchParams();
  const body = useMemo(() => searchBodyOf([], params, state.search), [params, state.search]);
  const products = useProductSearch({ businessUnitId: unitId, ...pageParams(state) }, body);
  const orphans = params.get(ORPHANS_PARAM) === 'true';
  const publishState = params.get(STATE_PARAM) ?? '';
  const title = orphans
    ? t('unitCatalogue.products.titleOrphans')
    : PUBLISH_TITLES.includes(publishState)
      ? t(`unitCatalogue.products.title${publishState}`)
      : t('unitCatalogue.products.title');

  const columns: Column<ProductListItem>[] = [
    keyCodeColumn(t),
    { key: 'productType', header: t('unitCatalogue.productType'), render: (p) => p.productTypeName },
    publishStateColumn(t),
    groupCountColumn(t),
    lastModifiedColumn(t('unitCatalogue.lastModified')),
  ];

  const empty =
    state.search || hasFilters([], params)
      ? t('components.dataTable.noMatch')
      : orphans
        ? t('products.emptyOrphans')
        : t('unitCatalogue.products.empty');

  return (
    <>
      <PageHeader title={title} description={t('unitCatalogue.products.description')} />
      <UnitProductManagementTabs businessUnitId={unitId} active="products" />
      <DataTable
        label={t('unitCatalogue.products.table')}
        columns={columns}
        {...listTableProps(products)}
        rowKey={(p) => p.id}
        state={state}
        searchable
        searchLabel={t('products.search')}
        emptyMessage={empty}
        toolbar={
          <>
            <ProductFilters fields={[]} />
            <OrphansSwitch label={t('products.onlyOrphans')} />
          </>
        }
      />
    </>
  );
}

import { Anchor, Badge, Text } from '@mantine/core';
import type { ProductListItem } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { ProductFilters } from './ProductFilters';
import { OrphansSwitch } from './ProductManagementTabs';
import { formatDateTime, PublishStateBadge } from './PublishStateBadge';
import { productPath } from './paths';
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
    {
      key: 'keyCode',
      header: t('products.fields.keyCode'),
      sortable: true,
      render: (p) => (
        <Anchor component={Link} to={productPath(p.businessUnitId, p.productTypeId, p.id)} fw={500}>
          {p.keyCode}
        </Anchor>
      ),
    },
    { key: 'productType', header: t('unitCatalogue.productType'), render: (p) => p.productTypeName },
    {
      key: 'publishDate',
      header: t('products.fields.state'),
      sortable: true,
      render: (p) => <PublishStateBadge publishDate={p.publishDate} state={p.publishState} />,
    },
    {
      key: 'productGroups',
      header: t('products.fields.groupCount'),
      align: 'right',
      render: (p) =>
        p.productGroups === 0 ? (
          <Badge color="orange" variant="light" size="sm">
            {t('products.orphan')}
          </Badge>
        ) : (
          p.productGroups
        ),
    },
    {
      key: 'lastModifiedDate',
      header: t('unitCatalogue.lastModified'),
      sortable: true,
      render: (p) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(p.lastModifiedDate)}
        </Text>
      ),
    },
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
        rows={products.data?.rows}
        total={products.data?.total}
        rowKey={(p) => p.id}
        state={state}
        loading={products.isPending}
        refreshing={products.isPlaceholderData}
        error={products.error}
        onRetry={() => void products.refetch()}
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

import type { ProductListItem, ProductSearchBody } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { useBusinessUnits } from '../business-units';
import { keyCodeColumn, lastModifiedColumn, publishStateColumn, useProductSearch } from '../products';

/**
 * General settings › product search: one text box matching key codes and attribute values in every
 * business unit (POST api/products/search without product type or business unit).
 */
export function ProductSearchPage() {
  const { t } = useTranslation();
  const state = useTableState({ defaultSort: { field: 'keyCode', direction: 'asc' } });
  const text = state.search.trim();
  const body = useMemo<ProductSearchBody>(() => ({ text }), [text]);
  const results = useProductSearch(pageParams(state), body, text.length > 0);
  const units = useBusinessUnits();
  const unitNames = useMemo(() => new Map((units.data ?? []).map((u) => [u.id, u.displayName])), [units.data]);

  const columns: Column<ProductListItem>[] = [
    keyCodeColumn(t),
    {
      key: 'businessUnit',
      header: t('products.globalSearch.businessUnit'),
      render: (p) => unitNames.get(p.businessUnitId) ?? t('products.globalSearch.unitNumber', { id: p.businessUnitId }),
    },
    { key: 'productType', header: t('products.globalSearch.productType'), render: (p) => p.productTypeName },
    publishStateColumn(t),
    lastModifiedColumn(t('products.globalSearch.lastModified')),
  ];

  return (
    <>
      <PageHeader title={t('products.globalSearch.title')} description={t('products.globalSearch.description')} />
      <DataTable
        label={t('products.globalSearch.results')}
        columns={columns}
        rows={text ? results.data?.rows : []}
        total={text ? results.data?.total : undefined}
        rowKey={(p) => p.id}
        state={state}
        loading={!!text && results.isPending}
        refreshing={results.isPlaceholderData}
        error={text ? results.error : undefined}
        onRetry={() => void results.refetch()}
        searchable
        searchLabel={t('products.globalSearch.search')}
        emptyMessage={text ? t('products.globalSearch.noMatch') : t('products.globalSearch.prompt')}
      />
    </>
  );
}

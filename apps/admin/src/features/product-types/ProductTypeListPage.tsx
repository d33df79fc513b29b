import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import type { ProductType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthImage } from '../../components/AuthImage';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitches } from '../../platform/queries';
import { CopyGlobalProductTypeDialog } from './CopyGlobalProductTypeDialog';
import { ProductTypeStatusBadge } from './ProductTypeStatusBadge';
import type { ProductTypeScope } from './productTypeScope';
import { useDeleteProductType, useProductTypes } from './productTypes.hooks';

/** The product types of a business unit's backend configuration, or the global ones (unit 0). */
export function ProductTypeListPage({ scope }: { scope: ProductTypeScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const unit = scope.businessUnitId;
  const canManage = auth.hasRight('PRODUCT_TYPE_MANAGE', unit);
  const canDelete = auth.hasRight('PRODUCT_TYPE_DELETE', unit);
  // a unit copies global product types only while the manufacturer's global search is on (document 000 section 6)
  const features = useFeatureSwitches();
  const canCopy = !scope.global && features.globalSearch;
  const types = useProductTypes(unit);
  const remove = useDeleteProductType();
  const { ask, dialog } = useConfirm();
  const [copyOpen, setCopyOpen] = useState(false);
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const page = pageLocally(types.data, state, {
    searchText: (p) => `${p.name} ${p.slug} ${t(`productTypes.status.${p.status}`)}`,
    sortValue: (p, f) =>
      f === 'slug'
        ? p.slug
        : f === 'status'
          ? p.status
          : f === 'products'
            ? p.products
            : f === 'attributes'
              ? p.attributeDefinitions.length
              : p.name,
  });
  const prefix = scope.global ? 'productTypes.global' : 'productTypes.configuration';

  const columns: Column<ProductType>[] = [
    {
      key: 'name',
      header: t('productTypes.fields.name'),
      sortable: true,
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <AuthImage src={p.imageUrl} alt="" h={32} w={56} />
          <Anchor component={Link} to={`${p.id}`} fw={500}>
            {p.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'slug',
      header: t('productTypes.fields.slug'),
      sortable: true,
      render: (p) => (
        <Text span ff="monospace" size="sm">
          {p.slug}
        </Text>
      ),
    },
    { key: 'status', header: t('productTypes.fields.status'), sortable: true, render: (p) => <ProductTypeStatusBadge status={p.status} /> },
    { key: 'products', header: t('productTypes.columns.products'), sortable: true, align: 'right', render: (p) => p.products },
    {
      key: 'attributes',
      header: t('productTypes.columns.attributes'),
      sortable: true,
      align: 'right',
      render: (p) => p.attributeDefinitions.length,
    },
    actionsColumn(t('components.dataTable.actions'), (p) => (
      <RowActions
        name={p.name}
        editTo={`${p.id}`}
        onDelete={
          canDelete
            ? () =>
                ask({
                  title: t('productTypes.delete.title', { name: p.name }),
                  message: t('productTypes.delete.message', { count: p.attributeDefinitions.length }),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(p.id),
                })
            : undefined
        }
        deleteDisabledReason={p.products > 0 || p.productGroups > 0 ? t('productTypes.delete.notEmpty') : undefined}
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t(`${prefix}.title`)}
        description={t(`${prefix}.description`)}
        actions={
          canManage && (
            <>
              {canCopy && (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => setCopyOpen(true)}>
                  {t('productTypes.copy.open')}
                </Button>
              )}
              <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
                {t('productTypes.add')}
              </Button>
            </>
          )
        }
      />
      <DataTable
        label={t(`${prefix}.title`)}
        columns={columns}
        rows={page.rows}
        total={types.data ? page.total : undefined}
        rowKey={(p) => p.id}
        state={state}
        loading={types.isPending}
        error={types.error}
        onRetry={() => void types.refetch()}
        searchable
        searchLabel={t('productTypes.search')}
        emptyMessage={state.search ? undefined : t(scope.global || canCopy ? `${prefix}.empty` : `${prefix}.emptyNoCopy`)}
      />
      {dialog}
      {canCopy && (
        <CopyGlobalProductTypeDialog
          opened={copyOpen}
          onClose={() => setCopyOpen(false)}
          businessUnitId={unit}
          existing={types.data}
          onCopied={(copy) => {
            setCopyOpen(false);
            navigate(`${scope.basePath}/${copy.id}`);
          }}
        />
      )}
    </>
  );
}

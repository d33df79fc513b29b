import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBoxMultiple, IconCopy, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ProductType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthImage } from '../../components/AuthImage';
import { DebouncedInput } from '../../components/DebouncedInput';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/QueryState';
import { useTableState } from '../../components/tableState';
import { productPaths } from '../../paths/products';
import { productTypePaths } from '../../paths/productTypes';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitches } from '../../platform/queries';
import { CopyGlobalProductTypeDialog } from './CopyGlobalProductTypeDialog';
import { ProductTypeStatusBadge } from './ProductTypeStatusBadge';
import { useProductTypes } from './productTypes.hooks';

/** /my-business-units/{id}/product-types: the unit's product types as cards; each opens its products. */
export function ProductTypesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { businessUnitId } = useParams();
  const unitId = Number(businessUnitId);
  const auth = useAuth();
  const canManage = auth.hasRight('PRODUCT_TYPE_MANAGE', unitId);
  // the global product types exist only while the manufacturer's global search is on (document 000 section 6)
  const features = useFeatureSwitches();
  const canCopy = canManage && features.globalSearch;
  // a type opens its products; a user who may only configure types opens the configuration instead
  const canProducts = auth.hasRight('PRODUCT_READ', unitId) || auth.hasRight('PRODUCT_MANAGE', unitId);
  const openPath = (id: number) => (canProducts ? productPaths.list(unitId, id) : `${productTypePaths.configuration(unitId)}/${id}`);
  const types = useProductTypes(unitId);
  const state = useTableState();
  const [copyOpen, setCopyOpen] = useState(false);

  const needle = state.search.trim().toLowerCase();
  const shown = (types.data ?? [])
    .filter((p) => !needle || `${p.name} ${p.slug}`.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

  const addButton = (
    <Button component={Link} to={`${productTypePaths.configuration(unitId)}/new`} leftSection={<IconPlus size={16} />}>
      {t('productTypes.add')}
    </Button>
  );
  const copyButton = (
    <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => setCopyOpen(true)}>
      {t('productTypes.copy.open')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('productTypes.title')}
        description={t('productTypes.description')}
        actions={
          canManage && (
            <>
              {canCopy && copyButton}
              {addButton}
            </>
          )
        }
      />
      {types.error ? (
        <LoadError error={types.error} onRetry={() => void types.refetch()} />
      ) : types.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={230} radius="sm" />
          ))}
        </SimpleGrid>
      ) : types.data.length === 0 ? (
        <EmptyState
          icon={<IconBoxMultiple size={28} aria-hidden />}
          withIndicatorBackground
          title={t('productTypes.empty.title')}
          description={t(canCopy ? 'productTypes.empty.manage' : canManage ? 'productTypes.empty.manageNoCopy' : 'productTypes.empty.read')}
          py="xl"
          data-testid="product-types-empty"
        >
          {canManage && (
            <Group justify="center" mt="md">
              {canCopy && copyButton}
              {addButton}
            </Group>
          )}
        </EmptyState>
      ) : (
        <Stack gap="md">
          <DebouncedInput
            aria-label={t('productTypes.search')}
            placeholder={t('productTypes.search')}
            leftSection={<IconSearch size={16} />}
            value={state.search}
            onChange={state.setSearch}
            w={{ base: '100%', sm: 320 }}
            type="search"
          />
          {shown.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {t('components.dataTable.noMatch')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shown.map((p) => (
                <li key={p.id}>
                  <ProductTypeCard type={p} to={openPath(p.id)} />
                </li>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      {canCopy && (
        <CopyGlobalProductTypeDialog
          opened={copyOpen}
          onClose={() => setCopyOpen(false)}
          businessUnitId={unitId}
          existing={types.data}
          onCopied={(copy) => {
            setCopyOpen(false);
            navigate(openPath(copy.id));
          }}
        />
      )}
    </>
  );
}

function ProductTypeCard({ type, to }: { type: ProductType; to: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="sm" padding="md" component={Link} to={to} data-testid="product-type-card" h="100%">
      <Card.Section>
        <AuthImage src={type.imageUrl} alt="" h={120} emptyText={t('productTypes.noImage')} />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {type.name}
          </Text>
          <ProductTypeStatusBadge status={type.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('productTypes.productCount', { count: type.products })}
          {' · '}
          {t('productTypes.productGroupCount', { count: type.productGroups })}
        </Text>
      </Stack>
    </Card>
  );
}

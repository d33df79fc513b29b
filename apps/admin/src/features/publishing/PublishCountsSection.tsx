import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { PublishCounts, PublishFileItem, PublishProductItem } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { PublishStateBadge } from '../../components/PublishStateBadge';
import { LoadError } from '../../components/QueryState';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDate, formatNumber } from '../../i18n/format';
import { filePaths } from '../../paths/files';
import { productPaths } from '../../paths/products';
import { usePublishCounts, usePublishItems } from './publishing.hooks';

const STATES = ['UNPUBLISHED', 'SCHEDULED', 'PUBLISHED'] as const;

/** The products, documents and files by publish state, with the paged lists of what a publish changes. */
export function PublishCountsSection({ businessUnitId }: { businessUnitId: number }) {
  const { t } = useTranslation();
  const products = usePublishCounts(businessUnitId, 'products');
  const files = usePublishCounts(businessUnitId, 'files');
  const error = products.error ?? files.error;
  return (
    <Stack component="section" aria-labelledby="publish-counts" gap="sm">
      <Title order={3} id="publish-counts" fw={600}>
        {t('publishing.counts.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('publishing.counts.hint')}
      </Text>
      {error ? (
        <LoadError
          error={error}
          onRetry={() => {
            void products.refetch();
            void files.refetch();
          }}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <CountCard title={t('publishing.counts.products')} counts={products.data?.products} />
          <CountCard title={t('publishing.counts.documents')} counts={files.data?.documents} />
          <CountCard title={t('publishing.counts.files')} counts={files.data?.files} />
        </SimpleGrid>
      )}
      <ProductItems businessUnitId={businessUnitId} count={pending(products.data?.products)} />
      <FileItems businessUnitId={businessUnitId} count={pending(files.data?.files)} />
    </Stack>
  );
}

/** What a publish would change: the unpublished and scheduled ones. */
const pending = (c: PublishCounts | undefined) => (c ? c.unpublished + c.scheduled : undefined);

function CountCard({ title, counts }: { title: string; counts: PublishCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label={title} data-testid="publish-count-card">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Group gap="lg">
        {STATES.map((state) => {
          const value = counts?.[state.toLowerCase() as keyof PublishCounts];
          return (
            <Stack key={state} gap={0}>
              {value === undefined ? (
                <Skeleton h={28} w={40} />
              ) : (
                <Text fz={24} fw={600} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`count-${state}`}>
                  {formatNumber(value)}
                </Text>
              )}{' '}
              <Text size="sm" c="dimmed">
                {t(`publishing.counts.${state}`)}
              </Text>
            </Stack>
          );
        })}
      </Group>
    </Paper>
  );
}

/** A button that shows or hides a list of items, with how many there are. */
function Toggle({
  open,
  onToggle,
  show,
  hide,
  count,
}: {
  open: boolean;
  onToggle: () => void;
  show: string;
  hide: string;
  count?: number;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      w="fit-content"
      onClick={onToggle}
      aria-expanded={open}
      leftSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
      rightSection={
        count !== undefined ? (
          <Badge size="sm" variant="light" circle={count < 10}>
            {count}
          </Badge>
        ) : undefined
      }
    >
      {open ? hide : show}
    </Button>
  );
}

function ProductItems({ businessUnitId, count }: { businessUnitId: number; count?: number }) {
  const { t } = useTranslation();
  const state = useTableState({ prefix: 'products-', defaultSort: { field: 'keyCode', direction: 'asc' } });
  const [params] = useSearchParams();
  // open again when the address holds this list's paging (back button, shared link)
  const [open, setOpen] = useState(() => [...params.keys()].some((k) => k.startsWith('products-')));
  const items = usePublishItems(businessUnitId, 'products', pageParams(state), open);
  const columns: Column<PublishProductItem>[] = [
    {
      key: 'keyCode',
      header: t('publishing.fields.keyCode'),
      sortable: true,
      render: (p) => (
        <Anchor component={Link} to={productPaths.edit(businessUnitId, p.productTypeId, p.id)} fw={500}>
          {p.keyCode}
        </Anchor>
      ),
    },
    { key: 'productTypeName', header: t('publishing.fields.productType'), render: (p) => p.productTypeName },
    {
      key: 'publishDate',
      header: t('publishing.fields.publishState'),
      sortable: true,
      render: (p) => <PublishStateBadge publishDate={p.publishDate} state={p.publishState} />,
    },
  ];
  return (
    <>
      <Toggle
        open={open}
        onToggle={() => setOpen((o) => !o)}
        show={t('publishing.counts.showProducts')}
        hide={t('publishing.counts.hideProducts')}
        count={count}
      />
      {open && (
        <DataTable
          label={t('publishing.counts.productsTable')}
          columns={columns}
          rows={items.data?.items}
          total={items.data?.pageable?.totalElements}
          rowKey={(p) => p.id}
          state={state}
          loading={items.isPending}
          refreshing={items.isPlaceholderData}
          error={items.error}
          onRetry={() => void items.refetch()}
          emptyMessage={t('publishing.counts.productsEmpty')}
        />
      )}
    </>
  );
}

function FileItems({ businessUnitId, count }: { businessUnitId: number; count?: number }) {
  const { t } = useTranslation();
  const state = useTableState({ prefix: 'files-', defaultSort: { field: 'name', direction: 'asc' } });
  const [params] = useSearchParams();
  // open again when the address holds this list's paging (back button, shared link)
  const [open, setOpen] = useState(() => [...params.keys()].some((k) => k.startsWith('files-')));
  const items = usePublishItems(businessUnitId, 'files', pageParams(state), open);
  const columns: Column<PublishFileItem>[] = [
    {
      key: 'name',
      header: t('publishing.fields.file'),
      sortable: true,
      render: (f) => (
        <Anchor component={Link} to={filePaths.edit(businessUnitId, f.documentId, f.id)} fw={500}>
          {f.name}
        </Anchor>
      ),
    },
    {
      key: 'documentNumber',
      header: t('publishing.fields.document'),
      render: (f) => (
        <Text size="sm">
          {f.documentNumber}{' '}
          <Text span size="sm" c="dimmed">
            {f.documentName}
          </Text>
        </Text>
      ),
    },
    { key: 'versionLabel', header: t('publishing.fields.version'), render: (f) => f.versionLabel },
    { key: 'versionDate', header: t('publishing.fields.versionDate'), render: (f) => formatDate(f.versionDate) },
    {
      key: 'publishDate',
      header: t('publishing.fields.publishState'),
      sortable: true,
      render: (f) =>
        f.hasBinary ? (
          <PublishStateBadge publishDate={f.publishDate} state={f.publishState} />
        ) : (
          <Badge component="span" color="yellow" variant="light" size="sm" radius="sm" tt="none">
            {t('publishing.counts.noBinary')}
          </Badge>
        ),
    },
  ];
  return (
    <>
      <Toggle
        open={open}
        onToggle={() => setOpen((o) => !o)}
        show={t('publishing.counts.showFiles')}
        hide={t('publishing.counts.hideFiles')}
        count={count}
      />
      {open && (
        <DataTable
          label={t('publishing.counts.filesTable')}
          columns={columns}
          rows={items.data?.items}
          total={items.data?.pageable?.totalElements}
          rowKey={(f) => f.id}
          state={state}
          loading={items.isPending}
          refreshing={items.isPlaceholderData}
          error={items.error}
          onRetry={() => void items.refetch()}
          emptyMessage={t('publishing.counts.filesEmpty')}
        />
      )}
    </>
  );
}

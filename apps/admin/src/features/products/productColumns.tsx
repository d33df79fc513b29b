import { Anchor, Badge, Text } from '@mantine/core';
import type { ProductListItem } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/DataTable';
import { PublishStateBadge } from '../../components/PublishStateBadge';
import { formatDateTime } from '../../i18n/format';
import { productPaths } from '../../paths/products';

/** The columns that every list of products (a type's, a unit's, the global search) shows alike. */

/** The key code, linking to the product in its own unit and product type. */
export const keyCodeColumn = (t: TFunction): Column<ProductListItem> => ({
  key: 'keyCode',
  header: t('products.fields.keyCode'),
  sortable: true,
  render: (p) => (
    <Anchor component={Link} to={productPaths.edit(p.businessUnitId, p.productTypeId, p.id)} fw={500}>
      {p.keyCode}
    </Anchor>
  ),
});

/** Unpublished, scheduled or published, sorted by the publish date. */
export const publishStateColumn = (t: TFunction): Column<ProductListItem> => ({
  key: 'publishDate',
  header: t('products.fields.state'),
  sortable: true,
  render: (p) => <PublishStateBadge publishDate={p.publishDate} state={p.publishState} />,
});

/** How many groups hold the product; an orphan (none) shows as a badge. */
export const groupCountColumn = (t: TFunction): Column<ProductListItem> => ({
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
});

/** When the product last changed, under the list's own `header`. */
export const lastModifiedColumn = (header: string): Column<ProductListItem> => ({
  key: 'lastModifiedDate',
  header,
  sortable: true,
  render: (p) => (
    <Text size="sm" c="dimmed">
      {formatDateTime(p.lastModifiedDate)}
    </Text>
  ),
});

import { Anchor, Badge } from '@mantine/core';
import type { ProductGroupListItem } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/DataTable';
import { productPaths } from '../../paths/products';

/** The columns that both lists of product groups (a type's, a unit's) show alike. */

/** The group's name, linking to the group in its own unit and product type. */
export const groupNameColumn = (t: TFunction): Column<ProductGroupListItem> => ({
  key: 'name',
  header: t('productGroups.fields.name'),
  sortable: true,
  render: (g) => (
    <Anchor component={Link} to={productPaths.group(g.businessUnitId, g.productTypeId, g.id)} fw={500}>
      {g.name}
    </Anchor>
  ),
});

/** How many products the group holds; an empty group shows as a badge. */
export const productCountColumn = (t: TFunction): Column<ProductGroupListItem> => ({
  key: 'productCount',
  header: t('productGroups.fields.productCount'),
  sortable: true,
  align: 'right',
  render: (g) =>
    g.productCount === 0 ? (
      <Badge color="orange" variant="light" size="sm">
        {t('productGroups.noProducts')}
      </Badge>
    ) : (
      g.productCount
    ),
});

/** How many remarks the group carries. */
export const remarkCountColumn = (t: TFunction): Column<ProductGroupListItem> => ({
  key: 'remarkCount',
  header: t('productGroups.fields.remarkCount'),
  align: 'right',
  render: (g) => g.remarkCount,
});

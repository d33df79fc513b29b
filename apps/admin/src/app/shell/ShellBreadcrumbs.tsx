import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { call } from '../../api/call';
import { firstLoadRoutes } from '../../api/firstLoadRoutes';
import { useBusinessUnitName } from '../../platform/queries';
import { breadcrumbTrail } from './breadcrumbTrail';

/** The product type's name for the product-type scope (document 001 section 7: GET api/product-types/{id}/name). */
function useProductTypeName(id: number | undefined) {
  return useQuery({
    queryKey: ['product-types', id, 'name'],
    queryFn: async () => (await call(firstLoadRoutes.productTypeName, { params: { id: id! } })).data.name,
    enabled: id !== undefined,
    staleTime: 60_000,
    meta: { silentError: true },
  });
}

/** Home › business unit › product type: the crumbs the screen tables give the current path. */
export function ShellBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  const home = trail.find((c) => c.crumb === 'home');
  const unit = trail.find((c) => c.crumb === 'business-unit');
  const unitId = unit?.params.businessUnitId;
  const productTypeId = trail.find((c) => c.crumb === 'product-type')?.params.productTypeId;
  const unitName = useBusinessUnitName(unitId);
  const productTypeName = useProductTypeName(productTypeId);

  const crumbs = [
    <Anchor key="home" component={Link} to={home?.to ?? '/'} size="sm" c="dark.4" aria-label={t('shell.breadcrumbs.home')}>
      <IconHome size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />
    </Anchor>,
  ];
  // a crumb only for what has a name: while loading, or when the name cannot be read (no right
  // there, unknown id), none rather than an invented 'Business unit 1'
  const unitLabel = unitId === undefined ? undefined : unitName.data || undefined;
  const productTypeLabel = productTypeId === undefined ? undefined : productTypeName.data || undefined;
  if (unitId !== undefined && unitLabel) {
    crumbs.push(
      productTypeLabel === undefined ? (
        <Text key="unit" size="sm" fw={600} aria-current="page" truncate maw={260}>
          {unitLabel}
        </Text>
      ) : (
        <Anchor key="unit" component={Link} to={unit?.to ?? '/'} size="sm" c="dark.4" truncate maw={220}>
          {unitLabel}
        </Anchor>
      ),
    );
  }
  if (productTypeLabel) {
    crumbs.push(
      <Text key="product-type" size="sm" fw={600} aria-current="page" truncate maw={260}>
        {productTypeLabel}
      </Text>,
    );
  }
  return (
    <nav aria-label={t('shell.breadcrumbs.label')} data-testid="breadcrumbs" style={{ minWidth: 0 }}>
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} style={{ flexWrap: 'nowrap' }}>
        {crumbs}
      </Breadcrumbs>
    </nav>
  );
}

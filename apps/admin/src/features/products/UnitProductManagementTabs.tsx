import { useSearchParams } from 'react-router';
import { type ProductManagementTab, ProductManagementTabLinks } from './ProductManagementTabs';
import { unitProductGroupsPath, unitProductsPath } from './paths';
import { ORPHANS_PARAM } from './productFilters';

/** Products | Product groups of a whole business unit: tabs that are links, keeping the orphans filter. */
export function UnitProductManagementTabs({ businessUnitId, active }: { businessUnitId: number; active: ProductManagementTab }) {
  const [params] = useSearchParams();
  const query = params.get(ORPHANS_PARAM) === 'true' ? `?${ORPHANS_PARAM}=true` : '';
  return (
    <ProductManagementTabLinks
      active={active}
      to={{ products: `${unitProductsPath(businessUnitId)}${query}`, 'product-groups': `${unitProductGroupsPath(businessUnitId)}${query}` }}
    />
  );
}

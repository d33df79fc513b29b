import { useSearchParams } from 'react-router';
import { productPaths } from '../../paths/products';
import { type ProductManagementTab, ProductManagementTabLinks } from './ProductManagementTabs';
import { ORPHANS_PARAM } from './productFilters';

/** Products | Product groups of a whole business unit: tabs that are links, keeping the orphans filter. */
export function UnitProductManagementTabs({ businessUnitId, active }: { businessUnitId: number; active: ProductManagementTab }) {
  const [params] = useSearchParams();
  const query = params.get(ORPHANS_PARAM) === 'true' ? `?${ORPHANS_PARAM}=true` : '';
  return (
    <ProductManagementTabLinks
      active={active}
      to={{
        products: `${productPaths.unitList(businessUnitId)}${query}`,
        'product-groups': `${productPaths.unitGroups(businessUnitId)}${query}`,
      }}
    />
  );
}

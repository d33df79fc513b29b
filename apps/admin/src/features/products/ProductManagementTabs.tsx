import { Switch, Tabs } from '@mantine/core';
import { IconBox, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { productPaths } from '../../paths/products';
import { ORPHANS_PARAM } from './productFilters';

/** The two tabs of product management. */
export type ProductManagementTab = 'products' | 'product-groups';

/** Products | Product groups: tabs that are links to `to`, the active one marked as the current page. */
export function ProductManagementTabLinks({ active, to }: { active: ProductManagementTab; to: Record<ProductManagementTab, string> }) {
  const { t } = useTranslation();
  const tabs = [
    { value: 'products', label: t('products.tabs.products'), icon: IconBox },
    { value: 'product-groups', label: t('products.tabs.productGroups'), icon: IconFolders },
  ] as const;
  return (
    <Tabs value={active} mb="md" activateTabWithKeyboard={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={<tab.icon size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to={to[tab.value]} aria-current={tab.value === active ? 'page' : undefined} />}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** Products | Product groups of a product type: tabs that are links (the orphans filter is kept). */
export function ProductManagementTabs({
  businessUnitId,
  productTypeId,
  active,
}: {
  businessUnitId: number;
  productTypeId: number;
  active: ProductManagementTab;
}) {
  return (
    <ProductManagementTabLinks
      active={active}
      to={{
        products: productPaths.list(businessUnitId, productTypeId),
        'product-groups': productPaths.groups(businessUnitId, productTypeId),
      }}
    />
  );
}

/** The 'Only orphans' switch of both lists (?orphans=true). */
export function OrphansSwitch({ label }: { label: string }) {
  const [params, setParams] = useSearchParams();
  const on = params.get(ORPHANS_PARAM) === 'true';
  return (
    <Switch
      label={label}
      checked={on}
      onChange={(e) => {
        const checked = e.currentTarget.checked;
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (checked) next.set(ORPHANS_PARAM, 'true');
            else next.delete(ORPHANS_PARAM);
            next.delete('page');
            return next;
          },
          { replace: true },
        );
      }}
    />
  );
}

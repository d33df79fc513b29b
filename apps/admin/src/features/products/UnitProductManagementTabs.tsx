import { Tabs } from '@mantine/core';
import { IconBox, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { unitProductGroupsPath, unitProductsPath } from './paths';
import { ORPHANS_PARAM } from './productFilters';

/** Products | Product groups of a whole business unit: tabs that are links, keeping the orphans filter. */
export function UnitProductManagementTabs({ businessUnitId, active }: { businessUnitId: number; active: 'products' | 'product-groups' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.get(ORPHANS_PARAM) === 'true' ? `?${ORPHANS_PARAM}=true` : '';
  const tabs = [
    { value: 'products', label: t('products.tabs.products'), to: `${unitProductsPath(businessUnitId)}${query}`, icon: IconBox },
    {
      value: 'product-groups',
      label: t('products.tabs.productGroups'),
      to: `${unitProductGroupsPath(businessUnitId)}${query}`,
      icon: IconFolders,
    },
  ] as const;
  return (
    <Tabs value={active} mb="md" activateTabWithKeyboard={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={<tab.icon size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to={tab.to} aria-current={tab.value === active ? 'page' : undefined} />}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

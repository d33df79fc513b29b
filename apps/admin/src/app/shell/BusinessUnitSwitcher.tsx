import { Select } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { breadcrumbScope } from '../../platform/breadcrumbScope';
import { useMyBusinessUnits } from '../../platform/queries';

/** Jumps to another business unit's home; shows the current unit when inside one. */
export function BusinessUnitSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const scope = breadcrumbScope(pathname);
  const units = useMyBusinessUnits();
  const options = (units.data ?? []).map((u) => ({
    value: String(u.id),
    label: u.active === false ? t('shell.switcher.inactive', { name: u.displayName }) : u.displayName,
  }));
  if (!units.data || options.length === 0) return null;
  const current = scope.scope === 'none' ? null : String(scope.businessUnitId);
  return (
    <Select
      aria-label={t('shell.switcher.label')}
      placeholder={t('shell.switcher.placeholder')}
      data={options}
      value={options.some((o) => o.value === current) ? current : null}
      onChange={(value) => {
        if (value) navigate(`/my-business-units/${value}`);
      }}
      searchable
      nothingFoundMessage={t('shell.switcher.nothingFound')}
      allowDeselect={false}
      leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
      w={220}
      size="sm"
      comboboxProps={{ withinPortal: true }}
      // at most 7 options show (type to find the others; the home page lists every unit): a list that
      // scrolled would be a scroll region no keyboard can focus (axe scrollable-region-focusable)
      limit={7}
      maxDropdownHeight={320}
      data-testid="business-unit-switcher"
    />
  );
}

import { Group, Image, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useManufacturerLogo, useManufacturerName } from '../../platform/queries';

/** The manufacturer's logo and name; the name alone (or the product name) when no logo is set. */
export function Brand() {
  const { t } = useTranslation();
  const name = useManufacturerName();
  const logo = useManufacturerLogo();
  const label = name.data || t('global.title');
  return (
    <UnstyledButton
      style={{ flexShrink: 0 }}
      component={Link}
      to="/my-business-units"
      aria-label={t('shell.brand.home', { name: label })}
      data-testid="brand"
    >
      <Group gap="sm" wrap="nowrap">
        {logo ? (
          <Image src={logo} alt={t('shell.brand.logo', { name: label })} h={40} w="auto" maw={160} fit="contain" data-testid="brand-logo" />
        ) : null}
        <Text fw={700} size="lg" c="dark.7" lh={1.1} truncate maw={220} visibleFrom={logo ? 'xl' : undefined} data-testid="brand-name">
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

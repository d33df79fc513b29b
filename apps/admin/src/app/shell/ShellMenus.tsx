import { Avatar, Box, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAdjustments,
  IconBoxMultiple,
  IconChevronDown,
  IconExternalLink,
  IconFileText,
  IconKey,
  IconLogout,
  IconSend,
  IconSettings,
  IconShieldCog,
  IconTools,
  IconUserCircle,
  IconWorld,
} from '@tabler/icons-react';
import type { AccessRight } from '@vellum/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openValidationRecords, useCanOpenValidationRecords } from '../../features/validation-records';
import { useAuth } from '../../platform/auth';
import { breadcrumbScope } from '../../platform/breadcrumbScope';
import { useFeatureSwitches } from '../../platform/queries';
import {
  accountMenu,
  administrationMenu,
  backendConfigurationMenu,
  generalSettingsMenu,
  type MenuLink,
  topBarLinks,
  websiteConfigurationMenu,
} from './menuModel';

/** The trigger of a top-bar menu; rendered inline because Menu.Target needs an element that takes its ref and handlers. */
/**
 * A top-bar menu's button. Below the xl breakpoint it shows its icon only (named by aria-label and
 * a tooltip title), so that a unit's menus, the switcher and the breadcrumbs fit a 1280px screen.
 */
const menuButton = (label: string, icon: ReactNode, testId: string) => (
  <Button
    variant="subtle"
    color="gray"
    c="dark.6"
    size="sm"
    fw={500}
    leftSection={icon}
    rightSection={<IconChevronDown size={14} aria-hidden />}
    data-testid={testId}
    aria-label={label}
    title={label}
  >
    <Box component="span" visibleFrom="xl">
      {label}
    </Box>
  </Button>
);

function LinkItem({ item, icon }: { item: MenuLink; icon?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu.Item component={Link} to={item.to} leftSection={icon} data-testid={`menu-${item.id}`}>
      {t(item.labelKey)}
    </Menu.Item>
  );
}

/** General settings: Access Management and Manufacturer Management, by rights in the global unit. */
export function GeneralSettingsMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const features = useFeatureSwitches();
  const sections = generalSettingsMenu((right: AccessRight, unit?: number) => auth.hasRight(right, unit), features);
  if (sections.length === 0) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        {menuButton(t('shell.menu.generalSettings'), <IconSettings size={16} aria-hidden />, 'menu-general-settings')}
      </Menu.Target>
      <Menu.Dropdown>
        {sections.map((section, i) => (
          <Fragment key={section.id}>
            {i > 0 && <Menu.Divider />}
            <Menu.Label>{t(section.labelKey)}</Menu.Label>
            {section.items.map((item) => (
              <LinkItem key={item.id} item={item} />
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Administration of the current business unit (only inside one). */
export function AdministrationMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const features = useFeatureSwitches();
  const validationRecords = useCanOpenValidationRecords();
  const { pathname } = useLocation();
  const scope = breadcrumbScope(pathname);
  if (scope.scope === 'none') return null;
  const items = administrationMenu((right: AccessRight, unit?: number) => auth.hasRight(right, unit), features, scope.businessUnitId);
  if (items.length === 0 && !validationRecords) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>{menuButton(t('shell.menu.administration'), <IconTools size={16} aria-hidden />, 'menu-administration')}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <LinkItem key={item.id} item={item} />
        ))}
        {validationRecords && (
          // not a screen: the records page opens in a new tab (spec 000 §2; decision 0077)
          <Menu.Item
            onClick={() => void openValidationRecords()}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            aria-label={t('shell.footer.validationRecordsNewTab')}
            data-testid="menu-validation-records"
          >
            {t('shell.menu.validationRecords')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

type UnitMenuModel = typeof backendConfigurationMenu;

/** A dropdown of links of the current business unit (only inside one), shown when it has any. */
function UnitMenu({ model, labelKey, icon, testId }: { model: UnitMenuModel; labelKey: string; icon: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const features = useFeatureSwitches();
  const { pathname } = useLocation();
  const scope = breadcrumbScope(pathname);
  if (scope.scope === 'none') return null;
  const items = model((right: AccessRight, unit?: number) => auth.hasRight(right, unit), features, scope.businessUnitId);
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>{menuButton(t(labelKey), icon, testId)}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <LinkItem key={item.id} item={item} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Backend configuration of the current business unit (only inside one): product types, remarks, document regions, languages. */
export function BackendConfigurationMenu() {
  return (
    <UnitMenu
      model={backendConfigurationMenu}
      labelKey="shell.menu.backendConfiguration"
      icon={<IconAdjustments size={16} aria-hidden />}
      testId="menu-backend-configuration"
    />
  );
}

// --- website configuration (issue 9) ---
/** Website configuration of the current business unit (only inside one): regions, languages, translations, layout. */
export function WebsiteConfigurationMenu() {
  return (
    <UnitMenu
      model={websiteConfigurationMenu}
      labelKey="shell.menu.websiteConfiguration"
      icon={<IconWorld size={16} aria-hidden />}
      testId="menu-website-configuration"
    />
  );
}
// --- end of website configuration ---

const TOP_BAR_ICONS: Record<string, ReactNode> = {
  'product-types': <IconBoxMultiple size={16} aria-hidden />,
  documents: <IconFileText size={16} aria-hidden />,
  publish: <IconSend size={16} aria-hidden />,
};

/** The top bar's plain links of the current business unit (product types), marked while their area is open. */
export function TopBarLinks() {
  const { t } = useTranslation();
  const auth = useAuth();
  const features = useFeatureSwitches();
  const { pathname } = useLocation();
  const scope = breadcrumbScope(pathname);
  if (scope.scope === 'none') return null;
  const items = topBarLinks((right: AccessRight, unit?: number) => auth.hasRight(right, unit), features, scope.businessUnitId);
  return (
    <>
      {items.map((item) => {
        const current = pathname === item.to || pathname.startsWith(`${item.to}/`);
        return (
          <Button
            key={item.id}
            component={Link}
            to={item.to}
            variant={current ? 'light' : 'subtle'}
            color={current ? 'teal' : 'gray'}
            c={current ? undefined : 'dark.6'}
            size="sm"
            fw={500}
            leftSection={TOP_BAR_ICONS[item.id]}
            aria-current={current ? 'page' : undefined}
            data-testid={`link-${item.id}`}
          >
            {t(item.labelKey)}
          </Button>
        );
      })}
    </>
  );
}

const ACCOUNT_ICONS: Record<string, ReactNode> = {
  settings: <IconUserCircle size={16} aria-hidden />,
  password: <IconKey size={16} aria-hidden />,
  logout: <IconLogout size={16} aria-hidden />,
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The signed-in user: settings, password (username/password sign-in only), sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { account } = useAuth();
  const features = useFeatureSwitches();
  if (!account) return null;
  const name = account.fullName?.trim() || account.login;
  const items = accountMenu(account.authenticationMechanism ?? features.authenticationMechanism);
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        {/* named by hidden text, not aria-label: the name contains the visible name (WCAG 2.5.3); the initials are decoration */}
        <UnstyledButton data-testid="menu-account" px={6} py={4} style={{ borderRadius: 6 }}>
          <VisuallyHidden>{t('shell.account.menu', { name })}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden>
            <Avatar color="teal" radius="xl" size={32}>
              {initials(name) || <IconShieldCog size={16} aria-hidden />}
            </Avatar>
            <Text size="sm" fw={500} truncate maw={160} visibleFrom="md">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account.email}</Menu.Label>
        {items.map((item) => (
          <Fragment key={item.id}>
            {item.id === 'logout' && <Menu.Divider />}
            <LinkItem item={item} icon={ACCOUNT_ICONS[item.id]} />
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

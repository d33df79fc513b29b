import { AppShell, Box, Divider, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DevRibbon } from '../../components/DevRibbon';
import { useMyBusinessUnits } from '../../platform/queries';
import { Brand } from './Brand';
import { DemoBanner } from './DemoBanner';
import { PublicWebsiteLink } from './PublicWebsiteLink';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { ShellFooter } from './ShellFooter';
import {
  AccountMenu,
  AdministrationMenu,
  BackendConfigurationMenu,
  GeneralSettingsMenu,
  TopBarLinks,
  WebsiteConfigurationMenu,
} from './ShellMenus';

// the switcher's searchable select is the shell's largest part and shows once the units arrive anyway:
// it loads beside the shell instead of with it (decision 0017)
const BusinessUnitSwitcher = lazy(async () => ({ default: (await import('./BusinessUnitSwitcher')).BusinessUnitSwitcher }));

/** Fixed top bar (72px, the content starts below it), document 000 section 9. */
export const TOP_BAR_HEIGHT = 72;

/** The signed-in layout: fixed top bar, content, footer. `children` replaces the routed page (the 404 page). */
export function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  // the switcher's units are asked for with the shell, while the switcher's code is still on the way
  useMyBusinessUnits();
  return (
    <AppShell header={{ height: TOP_BAR_HEIGHT }} padding={0}>
      <AppShell.Header
        px="lg"
        style={{ borderTop: '3px solid var(--mantine-color-teal-7)', boxShadow: '0 1px 4px rgba(16, 24, 40, 0.06)' }}
        data-testid="top-bar"
      >
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1, overflow: 'hidden' }}>
            <Brand />
            <DevRibbon />
            <Divider orientation="vertical" h={28} style={{ alignSelf: 'center' }} />
            <ShellBreadcrumbs />
          </Group>
          <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('shell.navigation')} style={{ flexShrink: 0 }}>
            <Box visibleFrom="lg">
              <Suspense fallback={null}>
                <BusinessUnitSwitcher />
              </Suspense>
            </Box>
            <AdministrationMenu />
            <BackendConfigurationMenu />
            <WebsiteConfigurationMenu />
            <TopBarLinks />
            <PublicWebsiteLink />
            <GeneralSettingsMenu />
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Box style={{ display: 'flex', flexDirection: 'column', minHeight: `calc(100dvh - ${TOP_BAR_HEIGHT}px)` }}>
          <DemoBanner />
          <Box p="lg" style={{ flex: 1 }}>
            {children ?? <Outlet />}
          </Box>
          <ShellFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

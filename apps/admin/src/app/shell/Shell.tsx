import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';

/** The signed-in layout: fixed top bar, content, footer. */
export function Shell() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>Vellum</AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

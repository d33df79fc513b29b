import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllTranslations } from '../i18n';

/** What a page shows while its code is still on the way (a centred loader, like the guard's). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center h="50vh" data-testid="page-loading">
      <Loader aria-label={t('global.loading')} />
    </Center>
  );
}

/** The message of a page whose code could not be loaded, with the one way out: a reload. */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" data-testid="page-load-failed">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconRefresh size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} fw={600}>
          {t('lazyPage.failed')}
        </Title>
        <Text c="dimmed">{t('lazyPage.hint')}</Text>
        <Button variant="light" mt="sm" onClick={() => window.location.reload()}>
          {t('lazyPage.reload')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Catches a page chunk that fails to load (a new version was deployed and the old file is gone,
 * or the network dropped) and offers a reload instead of a blank screen. Errors of the page
 * itself reach it too; a reload is the honest answer to those as well.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed to load', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

/**
 * A page loaded when first opened (decision 0017): the route table keeps rendering `<Page />`,
 * the page's module becomes its own chunk, and the page brings its own loading state and error
 * boundary so the shell around it stays in place while it loads.
 */
export function lazyPage<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  const Page = lazy<ComponentType<P>>(async () => {
    const [module] = await Promise.all([load(), loadAllTranslations()]);
    return { default: module[name] };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: runs once per page when the route table is built, never while rendering
  function LazyPage(props: P) {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

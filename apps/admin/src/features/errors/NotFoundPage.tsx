import { Center, Loader } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { Shell } from '../../app/shell/Shell';
import { ErrorState } from './ErrorState';

/** The not-found message (error.http.404); feature routes can render it for unknown sub-paths. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  return (
    <ErrorState
      testId="not-found"
      icon={<IconMapQuestion size={34} aria-hidden />}
      code="404"
      title={t('error.http.404')}
      action={signedIn ? { to: '/my-business-units', label: t('global.goHome') } : { to: '/login', label: t('global.goToLogin') }}
    />
  );
}

/** Any unknown path: inside the shell when signed in, on its own otherwise. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.status === 'loading') {
    return (
      <Center h="50vh">
        <Loader aria-label={t('global.loading')} />
      </Center>
    );
  }
  if (auth.status === 'authenticated') {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    );
  }
  return <NotFoundPage />;
}

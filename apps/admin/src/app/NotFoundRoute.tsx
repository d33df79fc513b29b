import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../components/NotFoundPage';
import { useAuth } from '../platform/auth';
import { Shell } from './shell/Shell';

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

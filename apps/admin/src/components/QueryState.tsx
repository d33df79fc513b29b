import { Button, Center, Loader } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ProblemAlert } from './ProblemAlert';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h={240}>
      <Loader aria-label={t('global.loading')} />
    </Center>
  );
}

/** The failure of a page's main query, with a retry (a 404 or 403 says so instead). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : undefined;
  const title = status === 404 ? t('error.http.404') : status === 403 ? t('error.http.403') : t('components.form.loadFailed');
  return (
    <ProblemAlert title={title} maw={640}>
      {onRetry && status !== 404 && status !== 403 && (
        <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t('components.form.retry')}
        </Button>
      )}
    </ProblemAlert>
  );
}

import { Alert, Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/QueryState';
import { SSO_TEST_KEY } from '../auth';
import { SSO_SETTINGS_PATH, useStartSsoTest } from './sso.hooks';

/**
 * /general-settings/manufacturer-sso-settings/test, opened in a new tab by "Test sign-in": starts the
 * test at the server and sends this tab to the provider; `/login/callback` brings its answer to the report.
 */
export function SsoTestStartPage() {
  const { t } = useTranslation();
  const start = useStartSsoTest();
  const url = start.data;

  useEffect(() => {
    if (!url) return;
    sessionStorage.setItem(SSO_TEST_KEY, 'true');
    window.location.assign(url);
  }, [url]);

  return (
    <Box maw={720}>
      <PageHeader title={t('manufacturer.sso.test.startTitle')} description={t('manufacturer.sso.test.hint')} />
      {start.error instanceof ApiError && (start.error.status === 400 || start.error.status === 503) ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          data-testid="sso-test-start-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(start.error.message)}</Text>
            <Anchor component={Link} to={SSO_SETTINGS_PATH} size="sm">
              {t('manufacturer.sso.test.again')}
            </Anchor>
          </Stack>
        </Alert>
      ) : start.error ? (
        <LoadError error={start.error} onRetry={() => void start.refetch()} />
      ) : (
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-label={t('manufacturer.sso.test.starting')} />
            <Text size="sm">{t('manufacturer.sso.test.starting')}</Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}

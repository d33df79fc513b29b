import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { downloadScheduledExport } from './scheduledExports.hooks';

/**
 * The page a scheduled export's e-mail links to: downloads the zip signed in as the recipient; a
 * link that is not (or no longer) valid, or whose export is gone, says so on the page.
 */
export function ScheduledDownloadPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token') ?? '';
  const download = useMutation({ mutationFn: () => downloadScheduledExport(id, token) });
  const valid = Number.isInteger(id) && id > 0 && token !== '';

  return (
    <>
      <PageHeader title={t('scheduledExports.download.title')} description={t('scheduledExports.download.description')} />
      <Stack align="flex-start">
        {valid ? (
          <Button leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('scheduledExports.download.action')}
          </Button>
        ) : (
          <ProblemAlert>{t('scheduledExports.download.incomplete')}</ProblemAlert>
        )}
        {download.isSuccess && <Text size="sm">{t('scheduledExports.download.done')}</Text>}
        {download.isError && (
          <ProblemAlert title={t('scheduledExports.download.failed')} data-testid="scheduled-download-error">
            {describeError(download.error, t)?.messages.join(' ') ?? t('scheduledExports.download.signIn')}
          </ProblemAlert>
        )}
      </Stack>
    </>
  );
}

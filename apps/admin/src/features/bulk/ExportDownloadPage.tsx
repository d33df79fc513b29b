import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { downloadExport } from './bulk.hooks';

/** The page an export's e-mail links to: downloads the zip signed in as the user who asked for it. */
export function ExportDownloadPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token') ?? '';
  const download = useMutation({ mutationFn: () => downloadExport(id, token) });
  const valid = Number.isInteger(id) && id > 0 && token !== '';

  return (
    <>
      <PageHeader title={t('bulk.download.title')} description={t('bulk.download.description')} />
      <Stack align="flex-start">
        {valid ? (
          <Button leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('bulk.download.action')}
          </Button>
        ) : (
          <ProblemAlert>{t('bulk.download.incomplete')}</ProblemAlert>
        )}
        {download.isSuccess && <Text size="sm">{t('bulk.download.done')}</Text>}
      </Stack>
    </>
  );
}

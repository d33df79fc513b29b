import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BULK_FILE_FORMATS, type BulkFileFormat } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkTarget, downloadTemplate } from './bulkUpload.hooks';

/** Step 1: the template to fill, in TXT (the default), XLS or ODS. */
export function TemplateDownload({ target }: { target: BulkTarget }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<BulkFileFormat>('TXT');
  const download = useMutation({ mutationFn: () => downloadTemplate(target, format) });
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="bulk-template-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="bulk-template-title">
          {t('bulk.template.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(target.entity === 'PRODUCT' ? 'bulk.template.descriptionProducts' : 'bulk.template.descriptionDocuments')}
        </Text>
        <Group gap="sm">
          <SegmentedControl
            aria-label={t('bulk.template.format')}
            value={format}
            onChange={(v) => setFormat(v as BulkFileFormat)}
            data={BULK_FILE_FORMATS.map((f) => ({ value: f, label: t(`bulk.export.formats.${f}`) }))}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="bulk-template-download"
          >
            {t('bulk.template.action')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

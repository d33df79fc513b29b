import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { BULK_FILE_FORMATS, type BulkFileFormat } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../platform/auth';
import { useRequestExport } from './bulk.hooks';

/**
 * "Bulk export" on a product type's products list and on the documents list (spec 001 §2), for
 * BULK_EXPORT in the unit: a format (TXT by default, XLS or ODS), then the export is queued and
 * mailed when ready. Without a product type it exports the unit's documents and their current files.
 */
export function BulkExportButton({ businessUnitId, productTypeId }: { businessUnitId: number; productTypeId?: number }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<BulkFileFormat>('TXT');
  const request = useRequestExport();
  const documents = productTypeId === undefined;
  if (!auth.hasRight('BULK_EXPORT', businessUnitId)) return null;

  const submit = () =>
    request.mutate(
      { businessUnitId, productTypeId, format },
      {
        onSuccess: () => setOpen(false),
      },
    );

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setOpen(true)}>
        {t('bulk.export.action')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t(documents ? 'bulk.export.documentsTitle' : 'bulk.export.title')}>
        <Stack>
          <Text size="sm">{t(documents ? 'bulk.export.documentsDescription' : 'bulk.export.description')}</Text>
          <SegmentedControl
            aria-label={t('bulk.export.format')}
            value={format}
            onChange={(v) => setFormat(v as BulkFileFormat)}
            data={BULK_FILE_FORMATS.map((f) => ({ value: f, label: t(`bulk.export.formats.${f}`) }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('global.cancel')}
            </Button>
            <Button onClick={submit} loading={request.isPending}>
              {t('bulk.export.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

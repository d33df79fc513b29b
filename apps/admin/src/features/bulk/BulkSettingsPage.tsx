import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { BulkActiveSwitch } from './BulkActiveSwitch';

/** General settings → bulk uploads (BULK_IMPORT_ADMIN): the switch of every unit's bulk uploads (spec 001 §4). */
export function BulkSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('bulk.active.title')} description={t('bulk.active.description')} />
      <Stack align="flex-start">
        <BulkActiveSwitch />
      </Stack>
    </>
  );
}

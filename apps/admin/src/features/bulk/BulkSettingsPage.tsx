import { Loader, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useBulkActive, useSetBulkActive } from './bulk.hooks';

/** General settings → bulk uploads (BULK_IMPORT_ADMIN): the switch of every unit's bulk uploads (spec 001 §4). */
export function BulkSettingsPage() {
  const { t } = useTranslation();
  const active = useBulkActive();
  const update = useSetBulkActive();
  return (
    <>
      <PageHeader title={t('bulk.active.title')} description={t('bulk.active.description')} />
      <Stack align="flex-start">
        {active.data ? (
          <Switch
            label={t('bulk.active.label')}
            checked={active.data.active}
            disabled={update.isPending}
            onChange={(e) => update.mutate(e.currentTarget.checked)}
          />
        ) : (
          <Loader size="sm" aria-label={t('bulk.active.label')} />
        )}
      </Stack>
    </>
  );
}

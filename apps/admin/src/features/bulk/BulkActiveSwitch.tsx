import { Loader, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBulkActive, useSetBulkActive } from './bulk.hooks';

/**
 * The switch of every unit's bulk uploads (`PUT api/bulk/active`, BULK_IMPORT_ADMIN): on the
 * General settings page and in the user settings of those who may change it (spec 001 §2, §4).
 */
export function BulkActiveSwitch() {
  const { t } = useTranslation();
  const active = useBulkActive();
  const update = useSetBulkActive();
  return active.data ? (
    <Switch
      label={t('bulk.active.label')}
      checked={active.data.active}
      disabled={update.isPending}
      onChange={(e) => update.mutate(e.currentTarget.checked)}
    />
  ) : (
    <Loader size="sm" aria-label={t('bulk.active.label')} />
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useManagementInfo } from '../platform/queries';

/**
 * The development marker outside production (management/info activeProfiles without 'prod'). A
 * badge in the flow of the top bar and of the sign-in card rather than a fixed corner ribbon, so
 * that nothing of the page (the per-page selector of a list) ever sits under it.
 */
export function DevRibbon() {
  const { t } = useTranslation();
  const info = useManagementInfo();
  if (!info.data || info.data.activeProfiles.includes('prod')) return null;
  return (
    <Badge data-testid="dev-ribbon" role="note" color="red.8" variant="filled" radius="sm" size="sm" style={{ flexShrink: 0 }}>
      {t('shell.ribbon.development')}
    </Badge>
  );
}

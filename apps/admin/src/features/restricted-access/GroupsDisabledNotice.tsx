import { Alert, Anchor } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessUnitPaths } from '../../paths/businessUnits';
import { useAuth } from '../../platform/auth';

/** Says that the unit's restricted user groups are switched off, with a link to its settings for whoever may change them. */
export function GroupsDisabledNotice({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  // the business-unit settings screen is a general setting (the right in the global unit)
  const canSwitch = useAuth().hasRight('BUSINESS_UNIT_UPDATE');
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} title={t('restrictedAccess.disabled.title')} role="alert">
      {t('restrictedAccess.disabled.message')}{' '}
      {canSwitch ? (
        <Anchor component={Link} to={businessUnitPaths.settingsEdit(unitId)} size="sm">
          {t('restrictedAccess.disabled.link')}
        </Anchor>
      ) : (
        t('restrictedAccess.disabled.askAdmin')
      )}
    </Alert>
  );
}

import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Says that another user changed the entity meanwhile (409); the form already shows their version. */
export function ConflictNotice({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {t('error.concurrencyFailure')}
    </Alert>
  );
}

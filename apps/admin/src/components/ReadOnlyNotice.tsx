import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Says above a form that the user may look but not change (the form's fields are read-only). */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
      {t('components.form.readOnly')}
    </Alert>
  );
}

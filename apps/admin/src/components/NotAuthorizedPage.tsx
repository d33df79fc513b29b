import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './ErrorState';

/** A signed-in user without the right of a page (error.http.403). */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <ErrorState
      testId="not-authorized"
      icon={<IconLock size={34} aria-hidden />}
      code="403"
      title={t('error.http.403')}
      action={{ to: '/my-business-units', label: t('global.goHome') }}
    />
  );
}

import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../platform/auth';
import { ErrorState } from './ErrorState';

/** The not-found message (error.http.404); feature routes can render it for unknown sub-paths. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  return (
    <ErrorState
      testId="not-found"
      icon={<IconMapQuestion size={34} aria-hidden />}
      code="404"
      title={t('error.http.404')}
      action={signedIn ? { to: '/my-business-units', label: t('global.goHome') } : { to: '/login', label: t('global.goToLogin') }}
    />
  );
}

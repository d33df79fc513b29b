import { Center, Loader, Text } from '@mantine/core';
import type { AccessRight } from '@vellum/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useAuth } from './auth';

/**
 * The access guard: no session sends to /login remembering the page; a session without any of the
 * rights (in the route's business unit, or globally) shows the not-authorized message.
 */
export function RequireAuth({
  rights,
  children,
  scope = 'global',
}: {
  rights?: AccessRight[];
  children: ReactNode;
  scope?: 'global' | 'business-unit';
}) {
  const auth = useAuth();
  const location = useLocation();
  const params = useParams();
  const { t } = useTranslation();
  if (auth.status === 'anonymous') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (auth.status === 'loading') {
    return (
      <Center h="50vh">
        <Loader aria-label={t('global.loading')} />
      </Center>
    );
  }
  const unit = scope === 'business-unit' ? Number(params.businessUnitId) : 0;
  if (rights && !rights.some((r) => auth.hasRight(r, unit))) {
    return (
      <Center h="50vh">
        <Text c="red" fw={500} data-testid="not-authorized">
          {t('error.http.403')}
        </Text>
      </Center>
    );
  }
  return <>{children}</>;
}

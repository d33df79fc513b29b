import { Center, Loader } from '@mantine/core';
import type { AccessRight } from '@vellum/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { NotAuthorizedPage } from '../components/NotAuthorizedPage';
import { type AccessScope, holdsAny, type ReturnState, unitOfScope } from '../platform/access';
import { useAuth } from '../platform/auth';

/**
 * The access guard: no session sends to /login remembering the page; a session without any of the
 * rights (in the route's business unit, or globally) shows the not-authorized message.
 */
export function RequireAuth({
  rights,
  children,
  scope = 'global',
}: {
  rights?: readonly AccessRight[];
  children: ReactNode;
  scope?: AccessScope;
}) {
  const auth = useAuth();
  const location = useLocation();
  const params = useParams();
  const { t } = useTranslation();
  if (auth.status === 'anonymous') {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (auth.status === 'loading') {
    return (
      <Center h="50vh">
        <Loader aria-label={t('global.loading')} />
      </Center>
    );
  }
  if (!holdsAny(auth, rights, unitOfScope(scope, params.businessUnitId))) return <NotAuthorizedPage />;
  return <>{children}</>;
}

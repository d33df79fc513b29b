import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { firstLoadRoutes } from '../../api/firstLoadRoutes';
import { getToken } from '../../api/session';
import { useAuth } from '../../platform/auth';

/** `/logout`: forgets the session here, ends it on the server (best effort), then goes to /login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // forget the session here first, so that answers to calls still under way cannot announce its end
    const held = getToken();
    signOut();
    const toLogin = () => navigate('/login', { replace: true });
    if (held) call(firstLoadRoutes.logout, {}, { token: held }).then(toLogin, toLogin);
    else toLogin();
  }, [signOut, navigate]);
  return (
    <Center h="100dvh">
      <Loader aria-label={t('auth.logout.pending')} />
    </Center>
  );
}

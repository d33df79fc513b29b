import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ssoApi } from '@vellum/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useAuth } from '../../platform/auth';
import { AuthLayout } from './AuthLayout';
import { SSO_ADMIN_KEY } from './auth.hooks';

const HOME = '/my-business-units';

/**
 * `/login/callback`: the provider sends the browser back with `?code=&state=` (AUTHORIZATION_CODE_FLOW);
 * the code goes to `POST api/convert-token` once, and the answer is a Vellum session as after a password
 * sign-in. Any failure shows 'SSO Login Failed' with the way back to the sign-in page.
 */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);
  // read once: the flag is removed when the code is posted
  const [isAdmin] = useState(() => sessionStorage.getItem(SSO_ADMIN_KEY) === 'true');

  useEffect(() => {
    // a code is used once: never posted twice (React's double effects in development)
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    sessionStorage.removeItem(SSO_ADMIN_KEY);
    if (!code || !state || params.get('error')) {
      setFailure('auth.callback.failed');
      return;
    }
    call(ssoApi.convertToken, { body: { token: code, state, iss: params.get('iss') ?? undefined, isAdmin } }).then(
      (res) => {
        auth.signIn(res.data.id_token, false);
        navigate(HOME, { replace: true });
      },
      (err) => setFailure(err instanceof ApiError && err.status === 503 ? 'error.sso.providerUnreachable' : 'auth.callback.failed'),
    );
  }, [params, auth, navigate, isAdmin]);

  return (
    <AuthLayout title={t('auth.callback.title')} testId="login-callback-page">
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="sso-failed">
            {t(failure)}
          </Alert>
          <Anchor component={Link} to={isAdmin ? '/admin-login' : '/login'}>
            {t('auth.callback.back')}
          </Anchor>
        </Stack>
      ) : (
        <Center py="lg">
          <Loader size="sm" aria-label={t('auth.callback.working')} />
        </Center>
      )}
    </AuthLayout>
  );
}

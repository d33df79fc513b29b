import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ssoApi } from '@vellum/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useAuth } from '../../platform/auth';
import { AuthLayout } from './AuthLayout';
import { SSO_ADMIN_KEY, SSO_NONCE_KEY, SSO_TEST_KEY, SSO_TEST_RESULT_PATH } from './auth.hooks';

const HOME = '/my-business-units';

/** What the provider sent back: the query (AUTHORIZATION_CODE_FLOW) or the fragment (IMPLICIT_FLOW, state `client` or `qarad`). */
function answerOf(query: URLSearchParams, hash: string, isAdminStarted: boolean) {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const implicit = fragment.has('id_token') || fragment.has('error');
  if (implicit) {
    const state = fragment.get('state') ?? '';
    const token = fragment.get('id_token');
    const isAdmin = state === 'qarad';
    const nonce = sessionStorage.getItem(SSO_NONCE_KEY) ?? undefined;
    return { isAdmin, body: token && !fragment.get('error') && state ? { token, state, nonce, isAdmin } : undefined };
  }
  const code = query.get('code');
  const state = query.get('state');
  const ok = code && state && !query.get('error');
  return {
    isAdmin: isAdminStarted,
    body: ok ? { token: code, state, iss: query.get('iss') ?? undefined, isAdmin: isAdminStarted } : undefined,
  };
}

/**
 * `/login/callback`: the provider sends the browser back with `?code=&state=` (AUTHORIZATION_CODE_FLOW)
 * or `#id_token=&state=` (IMPLICIT_FLOW); the answer goes to `POST api/convert-token` once, and the
 * server's is a Vellum session as after a password sign-in. Any failure shows 'SSO Login Failed' with
 * the way back to the sign-in page.
 */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);
  // read once: the flags are removed when the answer is posted
  const [answer] = useState(() => answerOf(params, hash, sessionStorage.getItem(SSO_ADMIN_KEY) === 'true'));
  const [test] = useState(() => sessionStorage.getItem(SSO_TEST_KEY) === 'true');
  const { isAdmin } = answer;

  useEffect(() => {
    // a code is used once: never posted twice (React's double effects in development)
    if (started.current) return;
    started.current = true;
    sessionStorage.removeItem(SSO_ADMIN_KEY);
    sessionStorage.removeItem(SSO_NONCE_KEY);
    sessionStorage.removeItem(SSO_TEST_KEY);
    if (test) {
      // a test sign-in (SSO settings): its report, in the admin, instead of a session
      const body = answer.body && {
        token: answer.body.token,
        state: answer.body.state,
        iss: 'iss' in answer.body ? answer.body.iss : undefined,
      };
      navigate(SSO_TEST_RESULT_PATH, { replace: true, state: { answer: body ?? null } });
      return;
    }
    if (!answer.body) {
      setFailure('auth.callback.failed');
      return;
    }
    call(ssoApi.convertToken, { body: answer.body }).then(
      (res) => {
        auth.signIn(res.data.id_token, false);
        navigate(HOME, { replace: true });
      },
      (err) => setFailure(err instanceof ApiError && err.status === 503 ? 'error.sso.providerUnreachable' : 'auth.callback.failed'),
    );
  }, [answer, auth, navigate, test]);

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

import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { ErrorKeys } from '@vellum/contract';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { handleApiError } from '../../api/notify';
import type { ReturnState } from '../../platform/access';
import { useAuth } from '../../platform/auth';
import { AuthLayout } from './AuthLayout';
import { useAuthenticate, useAuthenticationMechanism, useStartSso } from './auth.hooks';
import { type SignInFailure, signInFailure } from './signInFailure';

// the dialog for an expired password is rare: its form (and the password rules) load when it opens
const ExpiredPasswordDialog = lazy(async () => ({ default: (await import('./ExpiredPasswordDialog')).ExpiredPasswordDialog }));

/**
 * The sign-in form only checks that both fields are filled: it is a plain form read on submit, as
 * the page is part of the first load and react-hook-form with zod would add a sixth of its budget
 * (decision 0017). Every other form resolves with react-hook-form and the contract's schemas.
 */
interface Values {
  username: string;
  password: string;
  rememberMe: boolean;
}
type FieldErrors = Partial<Record<'username' | 'password', string>>;

function readForm(form: HTMLFormElement): { values: Values; errors: FieldErrors } {
  const data = new FormData(form);
  const values = {
    username: String(data.get('username') ?? '').trim(),
    password: String(data.get('password') ?? ''),
    rememberMe: data.get('rememberMe') !== null,
  };
  const errors: FieldErrors = {};
  if (!values.username) errors.username = 'auth.login.validate.emailRequired';
  if (!values.password) errors.password = 'auth.login.validate.passwordRequired';
  return { values, errors };
}

const HOME = '/my-business-units';

/** What may lead to /login: the page the guard turned away, or a notice ('passwordReset' after a reset). */
export interface LoginState extends ReturnState {
  notice?: 'passwordReset';
}

/** /admin-login: the sign-in page of the administrators. */
export function AdminLoginPage() {
  return <LoginPage admin />;
}

/** The single sign-on: one button that sends the browser to the provider (decisions 0071, 0074). */
function SsoSignIn({ admin, mechanism }: { admin: boolean; mechanism: 'AUTHORIZATION_CODE_FLOW' | 'IMPLICIT_FLOW' }) {
  const { t } = useTranslation();
  const start = useStartSso(admin, mechanism);
  return (
    <Stack gap="md" data-testid="sso-sign-in">
      <Text size="sm">{t('auth.login.ssoIntro')}</Text>
      <Button fullWidth leftSection={<IconLock size={18} aria-hidden />} loading={start.isPending} onClick={() => start.mutate()}>
        {t('auth.login.ssoButton')}
      </Button>
    </Stack>
  );
}

/** /login and /admin-login: the form for USERNAME_PASSWORD, the SSO button for AUTHORIZATION_CODE_FLOW and IMPLICIT_FLOW. */
export function LoginPage({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginState | null)?.from;
  const notice = (location.state as LoginState | null)?.notice;
  const mechanism = useAuthenticationMechanism(admin);
  const authenticate = useAuthenticate();
  const [failure, setFailure] = useState<SignInFailure>();
  const [expired, setExpired] = useState<{ username: string; password: string; rememberMe: boolean }>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const title = admin ? `${t('auth.login.title')}${t('auth.login.adminSuffix')}` : t('auth.login.title');

  if (auth.status === 'authenticated') return <Navigate to={from ?? HOME} replace />;

  const signInWith = (values: Values) => {
    setFailure(undefined);
    authenticate.mutate(values, {
      onSuccess: (token) => {
        auth.signIn(token, values.rememberMe);
        navigate(from && from !== '/login' ? from : HOME, { replace: true });
      },
      onError: (err) => {
        const f = signInFailure(err);
        if (!f) {
          handleApiError(err);
          return;
        }
        if (f === 'expired') setExpired(values);
        setFailure(f);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { values, errors: found } = readForm(event.currentTarget);
    setErrors(found);
    if (!found.username && !found.password) signInWith(values);
  };

  const body = () => {
    if (mechanism.isPending) {
      return (
        <Center py="lg">
          <Loader size="sm" aria-label={t('global.loading')} />
        </Center>
      );
    }
    if (mechanism.data === 'AUTHORIZATION_CODE_FLOW' || mechanism.data === 'IMPLICIT_FLOW') {
      return <SsoSignIn admin={admin} mechanism={mechanism.data} />;
    }
    return (
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Stack gap="md">
          {notice === 'passwordReset' && !failure && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="reset-success" role="status">
              {t('auth.reset.success')}
            </Alert>
          )}
          {failure === 'authentication' && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="login-error" role="alert">
              {t(ErrorKeys.authenticationFailed)}
            </Alert>
          )}
          {failure === 'locked' && (
            <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="login-locked" role="alert">
              {t(ErrorKeys.accountLocked)}. {t('auth.login.lockedMailed')}{' '}
              <Anchor component={Link} to="/account/reset/forgot" size="sm">
                {t('auth.login.resetLocked')}
              </Anchor>
            </Alert>
          )}
          {failure === 'ssoOnly' && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="login-sso-only" role="alert">
              {t(ErrorKeys.ssoOnly)}
            </Alert>
          )}
          {failure === 'expired' && (
            <Alert color="orange" variant="light" data-testid="login-expired" role="alert">
              {t(ErrorKeys.credentialsExpired)}
            </Alert>
          )}
          <TextInput
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            withAsterisk
            autoFocus
            name="username"
            error={errors.username && t(errors.username)}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            withAsterisk
            name="password"
            ref={passwordInput}
            error={errors.password && t(errors.password)}
          />
          <Group justify="space-between">
            <Checkbox label={t('auth.login.rememberMe')} name="rememberMe" />
            <Anchor component={Link} to="/account/reset/forgot" size="sm" data-testid="forgot-password-link">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={authenticate.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    );
  };

  return (
    <AuthLayout title={title} testId="login-page">
      {body()}
      {expired && (
        <Suspense fallback={null}>
          <ExpiredPasswordDialog
            username={expired.username}
            currentPassword={expired.password}
            onClose={() => setExpired(undefined)}
            onChanged={(newPassword) => {
              const next = { ...expired, password: newPassword };
              setExpired(undefined);
              if (passwordInput.current) passwordInput.current.value = newPassword;
              signInWith(next);
            }}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}

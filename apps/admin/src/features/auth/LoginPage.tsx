import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { ErrorKeys } from '@vellum/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { handleApiError } from '../../api/notify';
import { useAuth } from '../../app/auth';
import type { ReturnState } from '../../app/guard';
import { AuthLayout } from './AuthLayout';
import { useAuthenticate, useAuthenticationMechanism } from './auth.hooks';
import { ExpiredPasswordDialog } from './ExpiredPasswordDialog';
import { type SignInFailure, signInFailure } from './signInFailure';

const schema = z.object({
  username: z.string().trim().min(1, 'auth.login.validate.emailRequired'),
  password: z.string().min(1, 'auth.login.validate.passwordRequired'),
  rememberMe: z.boolean(),
});
type Values = z.infer<typeof schema>;

const HOME = '/my-business-units';

/** What may lead to /login: the page the guard turned away, or a notice ('passwordReset' after a reset). */
export interface LoginState extends ReturnState {
  notice?: 'passwordReset';
}

/** /login and /admin-login: the form for USERNAME_PASSWORD; single sign-on is not built yet. */
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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '', rememberMe: false } });
  const errors = form.formState.errors;
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

  const body = () => {
    if (mechanism.isPending) {
      return (
        <Center py="lg">
          <Loader size="sm" aria-label={t('global.loading')} />
        </Center>
      );
    }
    if (mechanism.data && mechanism.data !== 'USERNAME_PASSWORD') {
      return (
        <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="sso-unavailable">
          {t('auth.login.ssoUnavailable')}
        </Alert>
      );
    }
    return (
      <form onSubmit={form.handleSubmit(signInWith)} noValidate data-testid="login-form">
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
            error={errors.username?.message && t(errors.username.message)}
            {...form.register('username')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message && t(errors.password.message)}
            {...form.register('password')}
          />
          <Group justify="space-between">
            <Checkbox label={t('auth.login.rememberMe')} {...form.register('rememberMe')} />
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
        <ExpiredPasswordDialog
          username={expired.username}
          currentPassword={expired.password}
          onClose={() => setExpired(undefined)}
          onChanged={(newPassword) => {
            const next = { ...expired, password: newPassword };
            setExpired(undefined);
            form.setValue('password', newPassword);
            signInWith(next);
          }}
        />
      )}
    </AuthLayout>
  );
}

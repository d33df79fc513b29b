import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorKeys, PASSWORD_PATTERN } from '@vellum/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorKey } from '../../api/errors';
import { handleApiError } from '../../api/notify';
import { AuthLayout } from './AuthLayout';
import { useFinishPasswordReset } from './auth.hooks';
import type { LoginState } from './LoginPage';
import { NewPasswordFields } from './NewPasswordFields';
import { confirmationMismatch, type NewPasswordForm, newPasswordSchema } from './passwordForm';

/** `/account/reset/finish?key=` (or `/account/reset/finish/{key}`): choose a new password with the mailed key. */
export function ResetFinishPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = useParams();
  const key = search.get('key') ?? params.key ?? '';
  const navigate = useNavigate();
  const finish = useFinishPasswordReset();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [password, confirmation] = form.watch(['newPassword', 'confirmPassword']);
  const ready = PASSWORD_PATTERN.test(password) && password === confirmation;
  const mismatchShown = confirmationMismatch(password, confirmation, !!form.formState.touchedFields.confirmPassword);
  const keyInvalid = errorKey(finish.error) === ErrorKeys.resetKeyInvalid;

  const content = () => {
    if (!key) {
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="reset-key-missing">
          {t('auth.reset.keyMissing')}{' '}
          <Anchor component={Link} to="/account/reset/forgot" size="sm">
            {t('auth.reset.requestNew')}
          </Anchor>
        </Alert>
      );
    }
    return (
      <form
        noValidate
        onSubmit={form.handleSubmit((v) =>
          finish.mutate(
            { key, newPassword: v.newPassword },
            {
              // document 000 section 4: success goes to /login, which says the password was reset
              onSuccess: () => {
                const state: LoginState = { notice: 'passwordReset' };
                navigate('/login', { replace: true, state });
              },
              onError: (err) => {
                if (errorKey(err) !== ErrorKeys.resetKeyInvalid) handleApiError(err);
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          {keyInvalid && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="reset-key-invalid"
              role="alert"
            >
              {t(ErrorKeys.resetKeyInvalid)}{' '}
              <Anchor component={Link} to="/account/reset/forgot" size="sm">
                {t('auth.reset.requestNew')}
              </Anchor>
            </Alert>
          )}
          <NewPasswordFields
            register={form.register}
            errors={form.formState.errors}
            password={password}
            confirmationMismatch={mismatchShown}
            autoFocus
          />
          <Button type="submit" fullWidth disabled={!ready} loading={finish.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    );
  };

  return (
    <AuthLayout title={t('auth.reset.title')} testId="reset-finish-page">
      {content()}
    </AuthLayout>
  );
}

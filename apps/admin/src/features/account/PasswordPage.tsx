import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ErrorKeys } from '@vellum/contract';
import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorKey } from '../../api/errors';
import { handleApiError, notifySuccess } from '../../api/notify';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../platform/auth';
import { confirmationMismatch, mismatch, NewPasswordFields, newPasswordFields, passwordsMatch } from '../auth';
import { useChangePassword } from './account.hooks';

const schema = z
  .object({ currentPassword: z.string().min(1, 'account.password.validate.currentRequired'), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
type Values = z.infer<typeof schema>;

/** The password errors that have their own message ('Invalid password', 'Existing old password'). */
const OWN_MESSAGES: string[] = [ErrorKeys.invalidPassword, ErrorKeys.existingOldPassword];

/** `/account/password`: change the password with the current one. */
export function PasswordPage() {
  const { t } = useTranslation();
  const { account } = useAuth();
  const change = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [password, confirmation] = form.watch(['newPassword', 'confirmPassword']);
  const failure = errorKey(change.error);
  const errors = form.formState.errors;
  const { reset: clearFailure } = change;

  // the server's answer is about the values sent: an edit makes it stale, so it goes
  useEffect(() => {
    const { unsubscribe } = form.watch((_values, { type }) => {
      if (type === 'change') clearFailure();
    });
    return unsubscribe;
  }, [form, clearFailure]);

  const validateAndSend = form.handleSubmit((v) =>
    change.mutate(
      { login: account?.login ?? '', currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('account.password.changed'));
        },
        onError: (err) => {
          if (!OWN_MESSAGES.includes(errorKey(err) ?? '')) handleApiError(err);
        },
      },
    ),
  );
  // a new attempt never shows the previous attempt's message beside its own
  const submit = (event: FormEvent<HTMLFormElement>) => {
    clearFailure();
    return validateAndSend(event);
  };

  return (
    <Stack maw={560} gap={0}>
      <PageHeader title={t('account.password.title', { login: account?.login ?? '' })} />
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate data-testid="password-form">
          <Stack gap="md">
            {failure && OWN_MESSAGES.includes(failure) && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="password-error">
                {t(failure)}
              </Alert>
            )}
            <PasswordInput
              label={t('account.password.current')}
              autoComplete="current-password"
              withAsterisk
              error={errors.currentPassword?.message && t(errors.currentPassword.message)}
              {...form.register('currentPassword')}
            />
            <NewPasswordFields
              register={form.register}
              errors={errors}
              password={password}
              confirmationMismatch={confirmationMismatch(password, confirmation, !!form.formState.touchedFields.confirmPassword)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                {t('account.password.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

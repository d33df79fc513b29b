import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ErrorKeys } from '@vellum/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorKey } from '../../api/errors';
import { handleApiError } from '../../api/notify';
import { useChangeExpiredPassword } from './auth.hooks';
import { NewPasswordFields } from './NewPasswordFields';
import { mismatch, newPasswordFields, passwordsMatch } from './passwordForm';

const schema = z
  .object({ currentPassword: z.string().min(1, 'auth.password.validate.currentRequired'), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
type Values = z.infer<typeof schema>;

/** Failures the dialog explains itself (a wrong current password counts as a failed sign-in and may lock). */
const OWN_MESSAGES: string[] = [ErrorKeys.invalidPassword, ErrorKeys.existingOldPassword, ErrorKeys.accountLocked];

/** 'User credentials have expired': choose a new password, then sign in with it. */
export function ExpiredPasswordDialog({
  username,
  currentPassword,
  onClose,
  onChanged,
}: {
  username: string;
  currentPassword: string;
  onClose: () => void;
  onChanged: (newPassword: string) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeExpiredPassword();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword, newPassword: '', confirmPassword: '' },
  });
  const password = form.watch('newPassword');
  const failure = errorKey(change.error);
  const knownFailure = failure !== undefined && OWN_MESSAGES.includes(failure);

  const submit = form.handleSubmit((v) =>
    change.mutate(
      { username, currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: () => onChanged(v.newPassword),
        onError: (err) => {
          if (!OWN_MESSAGES.includes(errorKey(err) ?? '')) handleApiError(err);
        },
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('auth.expired.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="expired-password-form">
        <Stack gap="sm">
          <Text size="sm">{t('auth.expired.text')}</Text>
          {knownFailure && (
            <Alert color="red" variant="light" data-testid="expired-password-error">
              {t(failure)}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.password.current')}
            autoComplete="current-password"
            withAsterisk
            error={form.formState.errors.currentPassword?.message && t(form.formState.errors.currentPassword.message)}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields register={form.register} errors={form.formState.errors} password={password} autoFocus />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('global.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('auth.expired.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

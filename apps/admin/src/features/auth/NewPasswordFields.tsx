import { PasswordInput, Stack } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { MISMATCH_MESSAGE } from './passwordForm';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * New password with the live checklist of the rules, and its confirmation; `confirmationMismatch`
 * says 'Passwords must match' under the confirmation as the user types (see passwordForm).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  password,
  autoFocus,
  confirmationMismatch = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  password: string;
  autoFocus?: boolean;
  confirmationMismatch?: boolean;
}) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const errs = errors as FieldErrors<NewPasswordValues>;
  const message = (key?: string) => (key ? t(key) : undefined);
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('auth.password.new')}
        autoComplete="new-password"
        withAsterisk
        autoFocus={autoFocus}
        error={message(errs.newPassword?.message)}
        {...reg('newPassword')}
      />
      <PasswordChecklist password={password} />
      <PasswordInput
        label={t('auth.password.confirm')}
        autoComplete="new-password"
        withAsterisk
        error={message(errs.confirmPassword?.message ?? (confirmationMismatch ? MISMATCH_MESSAGE : undefined))}
        {...reg('confirmPassword')}
      />
    </Stack>
  );
}

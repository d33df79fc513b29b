import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { AuthLayout } from './AuthLayout';
import { useRequestPasswordReset } from './auth.hooks';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'auth.forgot.validate.emailRequired')
    .max(254, 'auth.forgot.validate.emailInvalid')
    .email('auth.forgot.validate.emailInvalid'),
});
type Values = z.infer<typeof schema>;

/** `/account/reset/forgot`: asks for a reset mail; the answer never tells whether the address is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  return (
    <AuthLayout title={t('auth.forgot.title')} testId="forgot-password-page">
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailCheck size={18} aria-hidden />}
            data-testid="forgot-password-sent"
            role="status"
          >
            {t('auth.forgot.sent')}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={form.handleSubmit((v) => request.mutate(v.email))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('auth.forgot.text')}
            </Text>
            <TextInput
              label={t('auth.forgot.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              autoFocus
              error={error && t(error)}
              {...form.register('email')}
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t('auth.forgot.submit')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('auth.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

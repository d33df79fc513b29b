import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { accountUpdateBody } from '@vellum/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../api/notify';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { useAuth } from '../../platform/auth';
import { BulkActiveSwitch } from '../bulk';
import { useAccount, useSaveAccount } from './account.hooks';
import { DemoModeSection } from './DemoModeSection';

const schema = accountUpdateBody.extend({
  firstName: z.string().trim().max(50, 'account.settings.validate.tooLong'),
  lastName: z.string().trim().max(50, 'account.settings.validate.tooLong'),
  email: z
    .string()
    .trim()
    .min(1, 'account.settings.validate.emailRequired')
    .max(254, 'account.settings.validate.emailInvalid')
    .email('account.settings.validate.emailInvalid'),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/**
 * `/account/settings`: first name, last name and e-mail of the signed-in user; for those who hold
 * BULK_IMPORT_ADMIN, the bulk-upload toggle (spec 001 §2), the General settings' switch; for those
 * who hold DEMO_MODUS, demo mode (spec 001 §2, §4).
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const mayToggleBulk = auth.hasRight('BULK_IMPORT_ADMIN');
  // demo mode for those who hold DEMO_MODUS, outside a demo (a demo token starts none)
  const mayDemo = auth.hasRight('DEMO_MODUS') && !auth.demo;
  const account = useAccount();
  const save = useSaveAccount();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', langKey: 'en' },
  });
  const { reset } = form;
  useEffect(() => {
    if (account.data) {
      reset({ firstName: account.data.firstName ?? '', lastName: account.data.lastName ?? '', email: account.data.email, langKey: 'en' });
    }
  }, [account.data, reset]);
  const errors = form.formState.errors;

  if (account.isPending) {
    return (
      <Center h="30vh">
        <Loader aria-label={t('global.loading')} />
      </Center>
    );
  }
  if (account.isError) {
    return <ProblemAlert>{t('account.settings.loadFailed')}</ProblemAlert>;
  }
  return (
    <Stack maw={560} gap={0}>
      <PageHeader title={t('account.settings.title', { login: account.data.login })} />
      <Paper withBorder radius="md" p="lg">
        <form
          noValidate
          data-testid="account-settings-form"
          onSubmit={form.handleSubmit((v) =>
            save.mutate(
              { firstName: v.firstName || null, lastName: v.lastName || null, email: v.email, langKey: 'en' },
              { onSuccess: () => notifySuccess(t('account.settings.saved')) },
            ),
          )}
        >
          <Stack gap="md">
            <TextInput
              label={t('account.settings.firstName')}
              autoComplete="given-name"
              error={errors.firstName?.message && t(errors.firstName.message)}
              {...form.register('firstName')}
            />
            <TextInput
              label={t('account.settings.lastName')}
              autoComplete="family-name"
              error={errors.lastName?.message && t(errors.lastName.message)}
              {...form.register('lastName')}
            />
            <TextInput
              label={t('account.settings.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errors.email?.message && t(errors.email.message)}
              {...form.register('email')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                {t('global.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {mayToggleBulk && (
        <Paper withBorder radius="md" p="lg" mt="md" data-testid="account-bulk-toggle">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {t('bulk.active.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('bulk.active.description')}
            </Text>
            <BulkActiveSwitch />
          </Stack>
        </Paper>
      )}
      {mayDemo && <DemoModeSection />}
    </Stack>
  );
}

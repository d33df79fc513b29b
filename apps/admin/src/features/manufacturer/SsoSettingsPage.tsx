import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Box, Button, Checkbox, Code, Group, PasswordInput, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { SSO_DOMAIN_PREFIX, type SsoConfig, SsoErrorKeys, ssoConfigBody } from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useFormSync } from '../../components/useFormSync';
import { SSO_SETTINGS_PATH, useSaveSsoConfig, useSsoConfigs } from './sso.hooks';

const ADMIN_KIND = 'ADMIN';

// an enabled configuration needs a domain and a client id, as the server says
const formSchema = ssoConfigBody
  .pick({ domain: true, clientId: true, enabled: true })
  .extend({ clientSecret: z.string().max(1000, 'Size'), removeSecret: z.boolean() })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    for (const path of ['domain', 'clientId'] as const) if (!v[path]) ctx.addIssue({ code: 'custom', path: [path], message: 'NotBlank' });
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const resolver = zodResolver(formSchema);
const FIELDS = ['domain', 'clientId', 'clientSecret', 'enabled'] as const;

const toForm = (c: SsoConfig): FormInput => ({
  domain: c.domain,
  clientId: c.clientId,
  clientSecret: '',
  enabled: c.enabled,
  removeSecret: false,
});

/** /general-settings/manufacturer-sso-settings: the three single sign-on configurations (MANUFACTURER_SSO_MANAGE, decision 0071). */
export function SsoSettingsPage() {
  const { t } = useTranslation();
  const configs = useSsoConfigs();
  if (configs.error) return <LoadError error={configs.error} onRetry={() => void configs.refetch()} />;
  if (!configs.data) return <PageLoader />;
  return (
    <Box maw={900}>
      <PageHeader title={t('manufacturer.sso.title')} description={t('manufacturer.sso.description')} />
      <Stack gap="lg">
        <Text size="sm">
          {t('manufacturer.sso.callbackHint')} <Code>{`${window.location.origin}/login/callback`}</Code>
        </Text>
        {configs.data.map((c) => (
          <SsoConfigForm key={c.kind} config={c} />
        ))}
      </Stack>
    </Box>
  );
}

function SsoConfigForm({ config }: { config: SsoConfig }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveSsoConfig();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: toForm(config) });
  const { errors, isDirty } = form.formState;
  const current = useMemo(() => config, [config]);
  const sync = useFormSync(form, current, toForm);
  const id = `sso-${config.kind.toLowerCase()}`;
  // a new tab of this window (not noopener): it starts with this tab's session, so the test runs as this user
  const openTest = () => window.open(`${SSO_SETTINGS_PATH}/test`, '_blank');

  const onSubmit = async (values: FormOutput) => {
    const { removeSecret, clientSecret, ...rest } = values;
    try {
      const res = await save.mutateAsync({
        kind: config.kind,
        ...rest,
        ...(removeSecret ? { clientSecret: null } : clientSecret ? { clientSecret } : {}),
        version: config.version,
      });
      // what was sent is now the stored state; the secret is write-only, so its field is emptied (the badge says it is set)
      const saved = res.data?.find((c) => c.kind === config.kind);
      form.reset(saved ? toForm(saved) : { ...values, clientSecret: '', removeSecret: false });
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: FIELDS,
        keys: { [SsoErrorKeys.domainScheme]: 'domain', [SsoErrorKeys.configInUse]: 'enabled' },
      });
    }
  };

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid={id}>
      <FormSection title={t(`manufacturer.sso.kinds.${config.kind}`)} description={t(`manufacturer.sso.kindHints.${config.kind}`)}>
        <TextInput
          label={t('manufacturer.sso.domain')}
          placeholder="https://login.example.com/realms/staff"
          maxLength={500}
          {...form.register('domain')}
          error={
            errors.domain?.message === SsoErrorKeys.domainScheme
              ? t(SsoErrorKeys.domainScheme, { host: SSO_DOMAIN_PREFIX })
              : errorText(errors.domain)
          }
        />
        <TextInput
          label={t('manufacturer.sso.clientId')}
          maxLength={255}
          {...form.register('clientId')}
          error={errorText(errors.clientId)}
        />
        <PasswordInput
          label={
            <Group gap="xs" component="span">
              {t('manufacturer.sso.clientSecret')}
              <Badge size="sm" variant="light" color={config.clientSecretSet ? 'teal' : 'gray'} data-testid={`${id}-secret-state`}>
                {config.clientSecretSet ? t('manufacturer.sso.secretSet') : t('manufacturer.sso.secretNotSet')}
              </Badge>
            </Group>
          }
          description={config.clientSecretSet ? t('manufacturer.sso.secretKeep') : undefined}
          autoComplete="new-password"
          {...form.register('clientSecret')}
          error={errorText(errors.clientSecret)}
        />
        {config.kind === ADMIN_KIND && (
          <Text size="sm" c="dimmed">
            {t('manufacturer.sso.test.hint')}
          </Text>
        )}
        {config.clientSecretSet && <Checkbox label={t('manufacturer.sso.removeSecret')} {...form.register('removeSecret')} />}
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('manufacturer.sso.enabled')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={errorText(errors.enabled)}
            />
          )}
        />
        <Group justify="flex-end">
          {config.kind === ADMIN_KIND && (
            <Tooltip label={t('manufacturer.sso.test.saveFirst')} disabled={!isDirty}>
              <Button
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
                disabled={isDirty || !config.domain || !config.clientId}
                onClick={openTest}
                data-testid="sso-test-sign-in"
              >
                {t('manufacturer.sso.test.button')}
              </Button>
            </Tooltip>
          )}
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            {t('manufacturer.sso.save')}
          </Button>
        </Group>
      </FormSection>
    </Box>
  );
}

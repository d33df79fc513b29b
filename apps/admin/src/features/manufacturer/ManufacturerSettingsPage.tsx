import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Grid, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { AUTHENTICATION_MECHANISMS, type ManufacturerSettings, manufacturerSettingsBody, nameSchema } from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { ImageInput } from '../../components/ImageInput';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { useAuth } from '../../platform/auth';
import {
  type Manufacturer,
  useManufacturer,
  useManufacturerSettings,
  useSaveManufacturerName,
  useSaveManufacturerSettings,
  useUploadManufacturerImage,
} from './manufacturer.hooks';

const formSchema = manufacturerSettingsBody.omit({ version: true }).extend({
  name: nameSchema,
  publicWebsiteUrl: z.union([z.literal(''), z.string().trim().url('Pattern').max(500, 'Size')]),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
// an emptied number field reads as "cannot be empty" rather than a type error
const resolver = zodResolver(formSchema, { error: (iss) => (iss.code === 'invalid_type' ? 'NotNull' : undefined) });

const FEATURES = ['worldWidePublicWebsite', 'patientBusinessUnitSearch', 'globalSearch', 'validationRecordsActive'] as const;
const NUMBERS = [
  { name: 'maxLoginAttempts', min: 1, max: 100 },
  { name: 'passwordValidityDays', min: 0, max: 3650 },
  { name: 'oldPasswordsCount', min: 2, max: 50 },
] as const;
const FIELDS = [
  'name',
  'publicWebsiteUrl',
  'authenticationMechanism',
  'authenticationMechanismAdmin',
  ...FEATURES,
  ...NUMBERS.map((n) => n.name),
] as const;

const toForm = (m: Manufacturer, s: ManufacturerSettings): FormInput => ({
  name: m.name,
  worldWidePublicWebsite: s.worldWidePublicWebsite,
  patientBusinessUnitSearch: s.patientBusinessUnitSearch,
  globalSearch: s.globalSearch,
  validationRecordsActive: s.validationRecordsActive,
  authenticationMechanism: s.authenticationMechanism,
  authenticationMechanismAdmin: s.authenticationMechanismAdmin,
  maxLoginAttempts: s.maxLoginAttempts,
  passwordValidityDays: s.passwordValidityDays,
  oldPasswordsCount: s.oldPasswordsCount,
  publicWebsiteUrl: s.publicWebsiteUrl ?? '',
});

export function ManufacturerSettingsPage() {
  const manufacturer = useManufacturer();
  const settings = useManufacturerSettings();
  if (manufacturer.error || settings.error) {
    return (
      <LoadError
        error={manufacturer.error ?? settings.error}
        onRetry={() => void Promise.all([manufacturer.refetch(), settings.refetch()])}
      />
    );
  }
  if (!manufacturer.data || !settings.data) return <PageLoader />;
  return <ManufacturerForm manufacturer={manufacturer.data} settings={settings.data} />;
}

function ManufacturerForm({ manufacturer, settings }: { manufacturer: Manufacturer; settings: ManufacturerSettings }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const auth = useAuth();
  const readOnly = !auth.hasRight('MANUFACTURER_MANAGE');
  const saveSettings = useSaveManufacturerSettings();
  const saveName = useSaveManufacturerName();
  const logo = useUploadManufacturerImage('logo');
  const hcp = useUploadManufacturerImage('HCP');
  const patient = useUploadManufacturerImage('PATIENT');
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: toForm(manufacturer, settings) });
  const { errors, isDirty, dirtyFields } = form.formState;

  const current = useMemo(() => ({ manufacturer, settings }), [manufacturer, settings]);
  const sync = useFormSync(form, current, (c) => toForm(c.manufacturer, c.settings));

  const onSubmit = async (values: FormOutput) => {
    const { name, ...rest } = values;
    try {
      if (dirtyFields.name) await saveName.mutateAsync(name);
      if (Object.keys(dirtyFields).some((k) => k !== 'name')) {
        await saveSettings.mutateAsync({ ...rest, publicWebsiteUrl: rest.publicWebsiteUrl || null, version: settings.version });
      }
      // what was sent is now the stored state
      form.reset(values);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, { fields: FIELDS });
    }
  };

  const mechanismOptions = AUTHENTICATION_MECHANISMS.map((m) => ({ value: m, label: t(`manufacturer.mechanisms.${m}`) }));
  const image = (label: string, url: string | null, upload: { mutateAsync: (f: File) => Promise<unknown> }, hint: string) => (
    <ImageInput
      label={label}
      description={hint}
      imageUrl={url}
      onUpload={(f) => upload.mutateAsync(f)}
      disabled={readOnly}
      previewHeight={80}
    />
  );

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1100}>
      <PageHeader title={t('manufacturer.title')} description={t('manufacturer.description')} />
      <Stack gap="lg">
        {readOnly && <ReadOnlyNotice />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <FormSection title={t('manufacturer.sections.identity')}>
                <TextInput
                  label={t('manufacturer.fields.name')}
                  required
                  maxLength={50}
                  readOnly={readOnly}
                  {...form.register('name')}
                  error={errorText(errors.name)}
                />
                {image(t('manufacturer.fields.logo'), manufacturer.logoUrl, logo, t('manufacturer.hints.logo'))}
                <Text size="sm" c="dimmed">
                  {t('manufacturer.fields.softwareVersion')}:{' '}
                  <Text span ff="monospace">
                    {settings.softwareVersion}
                  </Text>
                </Text>
              </FormSection>
              <FormSection title={t('manufacturer.sections.audienceImages')} description={t('manufacturer.hints.audienceImages')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {image(
                    t('manufacturer.fields.audienceImageHcp'),
                    manufacturer.audienceImageHcpUrl,
                    hcp,
                    t('manufacturer.hints.imageTypes'),
                  )}
                  {image(
                    t('manufacturer.fields.audienceImagePatient'),
                    manufacturer.audienceImagePatientUrl,
                    patient,
                    t('manufacturer.hints.imageTypes'),
                  )}
                </SimpleGrid>
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <FormSection title={t('manufacturer.sections.website')}>
                <TextInput
                  label={t('manufacturer.fields.publicWebsiteUrl')}
                  placeholder="https://ifu.example.com"
                  readOnly={readOnly}
                  {...form.register('publicWebsiteUrl')}
                  error={errorText(errors.publicWebsiteUrl, { Pattern: 'manufacturer.invalidUrl' })}
                />
                {FEATURES.map((name) => (
                  <Controller
                    key={name}
                    control={form.control}
                    name={name}
                    render={({ field }) => (
                      <Switch
                        label={t(`manufacturer.fields.${name}`)}
                        aria-label={t(`manufacturer.fields.${name}`)}
                        description={t(`manufacturer.hints.${name}`)}
                        checked={!!field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                        disabled={readOnly}
                      />
                    )}
                  />
                ))}
              </FormSection>
              <FormSection title={t('manufacturer.sections.authentication')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {(['authenticationMechanism', 'authenticationMechanismAdmin'] as const).map((name) => (
                    <Controller
                      key={name}
                      control={form.control}
                      name={name}
                      render={({ field }) => (
                        <Select
                          label={t(`manufacturer.fields.${name}`)}
                          description={name === 'authenticationMechanism' ? t('manufacturer.hints.authenticationMechanism') : undefined}
                          data={mechanismOptions}
                          value={field.value}
                          onChange={(v) => v && field.onChange(v)}
                          allowDeselect={false}
                          disabled={readOnly}
                        />
                      )}
                    />
                  ))}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  {NUMBERS.map(({ name, min, max }) => (
                    <Controller
                      key={name}
                      control={form.control}
                      name={name}
                      render={({ field, fieldState }) => (
                        <NumberInput
                          label={t(`manufacturer.fields.${name}`)}
                          description={t(`manufacturer.hints.${name}`)}
                          value={field.value ?? ''}
                          onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                          onBlur={field.onBlur}
                          min={min}
                          max={max}
                          allowDecimal={false}
                          allowNegative={false}
                          readOnly={readOnly}
                          inputWrapperOrder={['label', 'input', 'description', 'error']}
                          error={errorText(fieldState.error, { Size: `manufacturer.ranges.${name}` })}
                        />
                      )}
                    />
                  ))}
                </SimpleGrid>
              </FormSection>
            </Stack>
          </Grid.Col>
        </Grid>
        {!readOnly && <FormActions saving={saveSettings.isPending || saveName.isPending} disabled={!isDirty} />}
      </Stack>
    </Box>
  );
}

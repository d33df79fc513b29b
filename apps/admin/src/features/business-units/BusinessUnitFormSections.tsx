import { Anchor, ColorInput, Group, Input, SegmentedControl, Select, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DOCUMENT_SEARCH_VISUALISATIONS, LATEST_VERSION_OPTIONS } from '@vellum/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormSection } from '../../components/FormSection';
import { useErrorText } from '../../components/formErrors';
import { languageNames } from '../../i18n/format';
import type { BusinessUnitFormInput, BusinessUnitFormOutput } from './businessUnitForm';

type Form = UseFormReturn<BusinessUnitFormInput, unknown, BusinessUnitFormOutput>;
type BooleanField = {
  [K in keyof BusinessUnitFormInput]-?: NonNullable<BusinessUnitFormInput[K]> extends boolean ? K : never;
}[keyof BusinessUnitFormInput];

function SwitchField({ form, name, readOnly }: { form: Form; name: BooleanField; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const hint = `businessUnits.hints.${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={t(`businessUnits.fields.${name}`)}
          aria-label={t(`businessUnits.fields.${name}`)}
          description={i18n.exists(hint) ? t(hint) : undefined}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          disabled={readOnly}
        />
      )}
    />
  );
}

function ColorField({ form, name, readOnly }: { form: Form; name: 'mainColor' | 'highlightColor'; readOnly?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <ColorInput
          label={t(`businessUnits.fields.${name}`)}
          placeholder="#RRGGBB"
          format="hex"
          fixOnBlur={false}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          readOnly={readOnly}
          disallowInput={readOnly}
          withEyeDropper={!readOnly}
          swatches={['#0f766e', '#1d4ed8', '#b91c1c', '#7c3aed', '#c2410c', '#334155', '#111827']}
          // not named after the field: the field's label must name only its input
          eyeDropperButtonProps={{ 'aria-label': t('businessUnits.pickColor') }}
          error={errorText(fieldState.error, { Pattern: 'components.validation.hexColor' })}
        />
      )}
    />
  );
}

export function GeneralSection({ form, isNew, readOnly }: { form: Form; isNew: boolean; readOnly?: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { errors } = form.formState;
  return (
    <FormSection title={t('businessUnits.sections.general')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('businessUnits.fields.displayName')}
          required
          maxLength={50}
          readOnly={readOnly}
          {...form.register('displayName')}
          error={errorText(errors.displayName)}
        />
        <TextInput
          label={t('businessUnits.fields.slug')}
          description={isNew ? t('businessUnits.hints.slugNew') : t('businessUnits.hints.slugFixed')}
          required={isNew}
          readOnly={!isNew || readOnly}
          variant={isNew ? 'default' : 'filled'}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={50}
          {...form.register('slug')}
          error={errorText(errors.slug, { Pattern: 'components.validation.slug', Size: 'components.validation.slug' })}
        />
      </SimpleGrid>
      <SwitchField form={form} name="active" readOnly={readOnly} />
      <Controller
        control={form.control}
        name="bulkImportType"
        render={({ field }) => (
          <Input.Wrapper
            label={t('businessUnits.fields.bulkImportType')}
            description={t('businessUnits.hints.bulkImportType')}
            inputWrapperOrder={['label', 'input', 'description']}
            labelElement="div"
          >
            <SegmentedControl
              aria-label={t('businessUnits.fields.bulkImportType')}
              w="fit-content"
              display="flex"
              my={4}
              value={field.value ?? 'ADD'}
              onChange={field.onChange}
              disabled={readOnly}
              data={[
                { value: 'ADD', label: t('businessUnits.options.bulkImportType.ADD') },
                { value: 'REPLACE', label: t('businessUnits.options.bulkImportType.REPLACE') },
              ]}
            />
          </Input.Wrapper>
        )}
      />
      <SwitchField form={form} name="publicUserGroupActive" readOnly={readOnly} />
      <SwitchField form={form} name="productChangelogActive" readOnly={readOnly} />
    </FormSection>
  );
}

/**
 * The public website's look. A new unit starts with it here; an existing unit's look is edited on
 * its layout screen (layoutPath), where it is previewed, and shown here read-only.
 */
export function AppearanceSection({
  form,
  readOnly: formReadOnly,
  logo,
  layoutPath,
}: {
  form: Form;
  readOnly?: boolean;
  logo?: React.ReactNode;
  layoutPath?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { errors } = form.formState;
  const readOnly = formReadOnly || !!layoutPath;
  return (
    <FormSection title={t('businessUnits.sections.appearance')}>
      {layoutPath && (
        <Text size="sm" c="dimmed">
          {t('businessUnits.appearanceOnLayout')}{' '}
          <Anchor component={Link} to={layoutPath} underline="always">
            {t('businessUnits.openLayout')}
          </Anchor>
        </Text>
      )}
      {logo}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorField form={form} name="mainColor" readOnly={readOnly} />
        <ColorField form={form} name="highlightColor" readOnly={readOnly} />
      </SimpleGrid>
      <SwitchField form={form} name="lightHeaderText" readOnly={readOnly} />
      <TextInput
        label={t('businessUnits.fields.headerTextTitle')}
        maxLength={255}
        readOnly={readOnly}
        {...form.register('headerTextTitle')}
        error={errorText(errors.headerTextTitle)}
      />
      <Textarea
        label={t('businessUnits.fields.headerTextBody')}
        autosize
        minRows={3}
        maxLength={2000}
        readOnly={readOnly}
        {...form.register('headerTextBody')}
        error={errorText(errors.headerTextBody)}
      />
    </FormSection>
  );
}

export function LayoutSection({ form, readOnly }: { form: Form; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('businessUnits.sections.layout')}>
      <SwitchField form={form} name="oneColumnLayout" readOnly={readOnly} />
      <SwitchField form={form} name="showSearchOnResultPage" readOnly={readOnly} />
      <SwitchField form={form} name="showSearchOnDetailPage" readOnly={readOnly} />
    </FormSection>
  );
}

export function SearchSection({ form, readOnly }: { form: Form; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('businessUnits.sections.search')}>
      <SwitchField form={form} name="documentSearch" readOnly={readOnly} />
      <SwitchField form={form} name="documentSearchRestricted" readOnly={readOnly} />
      <SwitchField form={form} name="documentAttribute" readOnly={readOnly} />
      <Controller
        control={form.control}
        name="documentSearchVisualisation"
        render={({ field }) => (
          <Select
            label={t('businessUnits.fields.documentSearchVisualisation')}
            data={DOCUMENT_SEARCH_VISUALISATIONS.map((v) => ({
              value: v,
              label: t(`businessUnits.options.documentSearchVisualisation.${v}`),
            }))}
            value={field.value ?? 'ADVANCED'}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
            disabled={readOnly}
            maw={360}
          />
        )}
      />
      <SwitchField form={form} name="hideDocumentNumber" readOnly={readOnly} />
    </FormSection>
  );
}

export function FilesSection({
  form,
  readOnly,
  languages,
}: {
  form: Form;
  readOnly?: boolean;
  languages?: { unitId: number; ui: string[]; docs: string[] };
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('businessUnits.sections.files')}>
      <Controller
        control={form.control}
        name="latestVersionVisualisationOption"
        render={({ field }) => (
          <Select
            label={t('businessUnits.fields.latestVersionVisualisationOption')}
            description={t('businessUnits.hints.latestVersionVisualisationOption')}
            data={LATEST_VERSION_OPTIONS.map((v) => ({ value: v, label: t(`businessUnits.options.latestVersion.${v}`) }))}
            value={field.value ?? 'COUNTRY_LANGUAGE'}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
            disabled={readOnly}
            maw={360}
          />
        )}
      />
      <SwitchField form={form} name="fileHideVersionDate" readOnly={readOnly} />
      <SwitchField form={form} name="alwaysShowWorldwideFilesActive" readOnly={readOnly} />
      {languages && (
        <Group gap="xl">
          <Text size="sm">
            <Text span c="dimmed">
              {t('businessUnits.fields.interfaceLanguages')}:
            </Text>{' '}
            {languageNames(languages.ui) || '—'}{' '}
            <Anchor component={Link} to={`/my-business-units/${languages.unitId}/website-configuration/language`} size="sm">
              {t('businessUnits.editInterfaceLanguages')}
            </Anchor>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              {t('businessUnits.fields.documentLanguages')}:
            </Text>{' '}
            {languageNames(languages.docs) || '—'}{' '}
            <Anchor component={Link} to={`/my-business-units/${languages.unitId}/backend-configuration/language-group`} size="sm">
              {t('businessUnits.editDocumentLanguages')}
            </Anchor>
          </Text>
        </Group>
      )}
    </FormSection>
  );
}

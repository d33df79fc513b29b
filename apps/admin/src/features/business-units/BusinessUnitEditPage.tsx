import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, Stack } from '@mantine/core';
import { IconHome, IconInfoCircle } from '@tabler/icons-react';
import type { BusinessUnit } from '@vellum/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { applyServerErrors } from '../../components/formErrors';
import { ImageInput } from '../../components/ImageInput';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { useAuth } from '../../platform/auth';
import { AppearanceSection, FilesSection, GeneralSection, LayoutSection, SearchSection } from './BusinessUnitFormSections';
import {
  type BusinessUnitFormInput,
  type BusinessUnitFormOutput,
  createFormSchema,
  editFormSchema,
  FORM_FIELDS,
  toBody,
  toForm,
} from './businessUnitForm';
import { useBusinessUnit, useSaveBusinessUnit, useUploadBusinessUnitLogo } from './businessUnits.hooks';

export const BUSINESS_UNITS_PATH = '/general-settings/business-unit';

export function BusinessUnitEditPage() {
  const { id } = useParams();
  const unitId = id === undefined ? undefined : Number(id);
  const unit = useBusinessUnit(unitId);
  if (unitId !== undefined && unit.isPending) return <PageLoader />;
  if (unit.error) return <LoadError error={unit.error} onRetry={() => void unit.refetch()} />;
  return <BusinessUnitForm unit={unit.data} />;
}

function BusinessUnitForm({ unit }: { unit?: BusinessUnit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const save = useSaveBusinessUnit();
  const isNew = !unit;
  const form = useForm<BusinessUnitFormInput, unknown, BusinessUnitFormOutput>({
    resolver: zodResolver(isNew ? createFormSchema : editFormSchema),
    defaultValues: toForm(unit),
  });
  const readOnly = unit ? !auth.hasRight('BUSINESS_UNIT_UPDATE', unit.id) : !auth.hasRight('BUSINESS_UNIT_CREATE');
  const canUploadLogo = !!unit && auth.hasRight('BUSINESS_UNIT_IMAGE', unit.id);

  const sync = useFormSync(form, unit, toForm);

  const onSubmit = async (values: BusinessUnitFormOutput) => {
    try {
      if (unit) {
        // the look is saved by the layout screen: left out here, it stays as stored
        const {
          mainColor: _m,
          highlightColor: _h,
          lightHeaderText: _l,
          headerTextTitle: _t,
          headerTextBody: _b,
          ...settings
        } = toBody(values);
        await save.mutateAsync({ ...settings, id: unit.id, slug: unit.slug, version: unit.version });
        navigate(BUSINESS_UNITS_PATH);
      } else {
        const res = await save.mutateAsync(toBody(values));
        // straight on to the full settings and the logo
        navigate(`${BUSINESS_UNITS_PATH}/${res.data.id}/edit`);
      }
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: FORM_FIELDS,
        keys: { 'error.businessUnit.slugExists': 'slug', 'error.duplicate': 'slug', 'error.businessUnit.slugCannotChange': 'slug' },
      });
    }
  };

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1100}>
      <PageHeader
        title={unit ? t('businessUnits.editTitle', { name: unit.displayName }) : t('businessUnits.createTitle')}
        back={{ to: BUSINESS_UNITS_PATH, label: t('businessUnits.back') }}
        actions={
          unit && (
            <Button component={Link} to={`/my-business-units/${unit.id}`} variant="default" leftSection={<IconHome size={16} />}>
              {t('businessUnits.openHome')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {readOnly && <ReadOnlyNotice />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <GeneralSection form={form} isNew={isNew} readOnly={readOnly} />
              <LayoutSection form={form} readOnly={readOnly} />
              <FilesSection
                form={form}
                readOnly={readOnly}
                languages={unit ? { unitId: unit.id, ui: unit.interfaceLanguages, docs: unit.documentLanguages } : undefined}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <AppearanceSection
                form={form}
                readOnly={readOnly}
                logo={unit ? <LogoInput unit={unit} disabled={!canUploadLogo} /> : undefined}
                layoutPath={unit ? `/my-business-units/${unit.id}/website-configuration/layout` : undefined}
              />
              <SearchSection form={form} readOnly={readOnly} />
            </Stack>
          </Grid.Col>
        </Grid>
        {isNew && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {t('businessUnits.logoAfterCreate')}
          </Alert>
        )}
        {!readOnly && (
          <FormActions
            saving={save.isPending}
            disabled={!!unit && !form.formState.isDirty}
            cancelTo={BUSINESS_UNITS_PATH}
            saveLabel={isNew ? t('businessUnits.createSubmit') : undefined}
          />
        )}
      </Stack>
    </Box>
  );
}

function LogoInput({ unit, disabled }: { unit: BusinessUnit; disabled: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadBusinessUnitLogo(unit.id);
  return (
    <ImageInput
      label={t('businessUnits.fields.logo')}
      description={t('businessUnits.hints.logo')}
      imageUrl={unit.logoUrl}
      onUpload={(file) => upload.mutateAsync(file)}
      disabled={disabled}
      previewHeight={60}
    />
  );
}

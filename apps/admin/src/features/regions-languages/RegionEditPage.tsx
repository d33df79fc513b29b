import { Box, Stack, TextInput } from '@mantine/core';
import { countryCode, REGION_NAME_MAX, type Region, RegionLanguageErrorKeys } from '@vellum/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { regionsLanguagesPaths } from '../../paths/regionsLanguages';
import { useAuth } from '../../platform/auth';
import { CountryMultiSelect } from './CountryMultiSelect';
import { type RegionKind, useDeleteRegion, useRegion, useSaveRegion } from './regionsLanguages.hooks';
import { REGION_RIGHT } from './rights';
import { useNamedEntityForm } from './useNamedEntityForm';

const regionFormSchema = z.object({
  name: z.string().trim().min(1, 'NotBlank').max(REGION_NAME_MAX, 'Size'),
  countryIds: z.array(countryCode).min(1, RegionLanguageErrorKeys.regionCountryRequired),
});
type RegionFormValues = z.input<typeof regionFormSchema>;
const toForm = (r?: Region): RegionFormValues => ({ name: r?.name ?? '', countryIds: r?.countryIds ?? [] });

/** …/region/new and …/region/:regionId of either kind. */
export function RegionEditPage({ kind, unitId }: { kind: RegionKind; unitId: number }) {
  const params = useParams();
  const location = useLocation();
  const id = params.regionId === undefined ? undefined : Number(params.regionId);
  const region = useRegion(kind, id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && region.isPending) return <PageLoader />;
  if (region.error) return <LoadError error={region.error} onRetry={() => void region.refetch()} />;
  if (region.data && region.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <RegionForm key={location.key} kind={kind} unitId={unitId} region={region.data} />;
}

function RegionForm({ kind, unitId, region }: { kind: RegionKind; unitId: number; region?: Region }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight(REGION_RIGHT[kind], unitId);
  const listPath = regionsLanguagesPaths.regions(kind, unitId);
  const save = useSaveRegion(kind);
  const remove = useDeleteRegion(kind);
  const { form, sync, onSubmit, onDelete, dialog } = useNamedEntityForm({
    entity: region,
    schema: regionFormSchema,
    toForm,
    toBody: (values: RegionFormValues) => ({ businessUnitId: unitId, name: values.name.trim(), countryIds: values.countryIds }),
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    listPath,
    fields: ['name', 'countryIds'],
    keys: {
      [RegionLanguageErrorKeys.regionNameExists]: 'name',
      [RegionLanguageErrorKeys.regionCountryAssigned]: 'countryIds',
      [RegionLanguageErrorKeys.unknownCountry]: 'countryIds',
    },
    deleteText: (r) => ({
      title: t('regionsLanguages.regions.delete.title', { name: r.name }),
      message: t('regionsLanguages.regions.delete.message', { count: r.countryIds.length }),
    }),
  });
  const { errors, isDirty } = form.formState;

  return (
    <>
      <Box component="form" onSubmit={onSubmit} noValidate maw={900} data-testid="region-form">
        <PageHeader
          title={
            region ? t('regionsLanguages.regions.editTitle', { name: region.name }) : t(`regionsLanguages.regions.${kind}.createTitle`)
          }
          back={{ to: listPath, label: t('regionsLanguages.regions.back') }}
          actions={region && !readOnly && <DeleteButton onClick={onDelete} />}
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('regionsLanguages.regions.section')}>
            <TextInput
              label={t('regionsLanguages.fields.name')}
              required
              maxLength={REGION_NAME_MAX}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name)}
            />
            <Controller
              control={form.control}
              name="countryIds"
              render={({ field, fieldState }) => (
                <CountryMultiSelect value={field.value} onChange={field.onChange} readOnly={readOnly} error={errorText(fieldState.error)} />
              )}
            />
          </FormSection>
          {!readOnly && <FormActions saving={save.isPending} disabled={!!region && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}

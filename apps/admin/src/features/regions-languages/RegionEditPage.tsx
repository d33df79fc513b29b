import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { countryCode, REGION_NAME_MAX, type Region, RegionLanguageErrorKeys } from '@vellum/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useAuth } from '../../app/auth';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, applyServerMessage, useErrorText } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { NotFoundPage } from '../errors/NotFoundPage';
import { CountryMultiSelect } from './CountryMultiSelect';
import { REGION_RIGHT, regionsPath } from './paths';
import { type RegionKind, useDeleteRegion, useRegion, useSaveRegion } from './regionsLanguages.hooks';

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
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight(REGION_RIGHT[kind], unitId);
  const listPath = regionsPath(kind, unitId);
  const form = useForm<RegionFormValues>({ resolver: zodResolver(regionFormSchema), defaultValues: toForm(region) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, region, toForm);
  const save = useSaveRegion(kind);
  const remove = useDeleteRegion(kind);
  const { ask, dialog } = useConfirm();

  const onSubmit = async (values: RegionFormValues) => {
    const body = { businessUnitId: unitId, name: values.name.trim(), countryIds: values.countryIds };
    sync.clearConflict();
    try {
      await save.mutateAsync(region ? { ...body, id: region.id, version: region.version } : body);
      navigate(listPath);
    } catch (e) {
      sync.afterError(e);
      // the rule's message with its params on its field, else the schema's codes on theirs
      if (
        !applyServerMessage(e, form.setError, t, {
          [RegionLanguageErrorKeys.regionNameExists]: 'name',
          [RegionLanguageErrorKeys.regionCountryAssigned]: 'countryIds',
          [RegionLanguageErrorKeys.unknownCountry]: 'countryIds',
        })
      )
        applyServerErrors(e, form.setError, { fields: ['name', 'countryIds'] });
    }
  };

  const onDelete = () => {
    if (!region) return;
    ask({
      title: t('regionsLanguages.regions.delete.title', { name: region.name }),
      message: t('regionsLanguages.regions.delete.message', { count: region.countryIds.length }),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(region.id);
        navigate(listPath);
      },
    });
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900} data-testid="region-form">
        <PageHeader
          title={
            region ? t('regionsLanguages.regions.editTitle', { name: region.name }) : t(`regionsLanguages.regions.${kind}.createTitle`)
          }
          back={{ to: listPath, label: t('regionsLanguages.regions.back') }}
          actions={
            region &&
            !readOnly && (
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                {t('components.actions.delete')}
              </Button>
            )
          }
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
